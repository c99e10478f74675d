import UpdateCheckPlatform

/// Reads input files whole, the one way UpdateCheck reads an input.
///
/// `-` is standard input; pipes, FIFOs, process substitutions (`<(…)`,
/// `/dev/fd/N`) and devices are read to their end like files. An input
/// larger than ``maxBytes`` (``maxDocumentBytes`` for a JSON document read
/// whole as a tree) is refused rather than exhausting memory, and a JSON
/// input from a pipe or device stops at its first NUL byte, which JSON never
/// holds, so `/dev/zero` ends at once.
package enum InputFile {
    /// The largest input read: 2 GiB.
    package static let maxBytes = 2 << 30

    /// The largest JSON document read whole as a tree (scenario files,
    /// adapter manifests): 16 MiB. A tree takes tens of bytes per value, so
    /// a larger bound would let a file of small values (`[0,0,0,…]`) take
    /// gigabytes; snapshot files are read without a tree, up to
    /// ``maxBytes``.
    package static let maxDocumentBytes = 16 << 20

    /// `path` as shown in messages: `-` is `standard input`, and an empty
    /// path (`diff "" b.json`) is `the empty path ''`.
    package static func displayName(_ path: String) -> String {
        switch path {
        case "-": "standard input"
        case "": "the empty path ''"
        default: path
        }
    }

    /// Throws a usage error when a stream that can be read only once is
    /// among `paths` more than once: standard input
    /// (see ``readsStandardInput(_:)``), or one FIFO under one name or two,
    /// whose second reader would wait for ever for a writer that has gone.
    package static func checkStreamsReadOnce(_ paths: [String]) throws(IOError) {
        if paths.count(where: readsStandardInput) > 1 {
            throw .conflict("Standard input (named '-', /dev/stdin or /dev/fd/0) can be read only once.")
        }
        var fifos: [(path: String, identity: FileIdentity)] = []
        for path in paths where path != "-" && !readsStandardInput(path) {
            guard let status = try? System.status(path), status.kind == .fifo else { continue }
            let identity = FileIdentity(status)
            if let first = fifos.first(where: { $0.identity == identity }) {
                throw .conflict(
                    "\(first.path == path ? "The FIFO \(path) is named twice" : "\(first.path) and \(path) name one FIFO")"
                        + ", which can be read only once.")
            }
            fifos.append((path, identity))
        }
    }

    /// Whether reading `path` reads standard input: `-`, or a name of the
    /// pipe, FIFO, socket or device standard input is (`/dev/stdin`,
    /// `/dev/fd/0`), whose bytes two readers would share. A regular file
    /// on standard input (`< a.json`) opened by name is read afresh, and is
    /// no second reader.
    package static func readsStandardInput(_ path: String) -> Bool {
        if path == "-" { return true }
        guard let input = FileIdentity.standardInputStream() else { return false }
        return FileIdentity(existing: path) == input
    }

    /// Whether `path` names a regular file (through links); `-` does not:
    /// standard input is read where it stands.
    package static func isRegularFile(_ path: String) -> Bool {
        path != "-" && (try? System.status(path))?.kind == .regular
    }

    /// The whole content of `path` (`-`: standard input).
    ///
    /// - Parameters:
    ///   - limit: the largest input accepted, in bytes.
    ///   - what: the kind of input, as the error past `limit` names it.
    ///   - endsAtNUL: the input is JSON text, which holds no NUL byte: a
    ///     pipe or device is read only up to its first NUL (kept, for the
    ///     parser to report where it stands), so `/dev/zero` is not read to
    ///     the limit.
    /// - Throws: ``IOError/cannotRead(path:problem:)`` when the file is
    ///   missing, a folder or unreadable (naming it and the system's
    ///   reason); ``IOError/tooLarge(path:limit:what:)`` past `limit`.
    /// - Complexity: O(size): a regular file (not standard input) is mapped into memory read-only
    ///   (its pages are the system's file cache: nothing is copied or
    ///   zeroed; a file another program shortens while it is read ends the
    ///   process with exit 66 and a message naming it, from the handler
    ///   ``AtomicFile/installSignalHandling()`` installs), or, when it
    ///   cannot be mapped, read straight into a buffer of its size plus one
    ///   byte; anything else is read into a buffer that doubles.
    package static func bytes(
        at path: String, limit: Int = maxBytes, what: String = "input", endsAtNUL: Bool = false
    ) throws(IOError) -> InputBytes {
        let name = displayName(path)
        let descriptor: Int32
        if path == "-" {
            descriptor = System.standardInput
        } else {
            do {
                descriptor = try System.open(path, .readOnly)
            } catch {
                throw .cannotRead(
                    path: name, problem: error == .noSuchFile ? "no such file" : "cannot be read (\(error))")
            }
        }
        defer { if descriptor != System.standardInput { System.closeQuietly(descriptor) } }
        let info: FileStatus
        do {
            info = try System.status(of: descriptor)
        } catch {
            throw .cannotRead(path: name, problem: "cannot be read (\(error))")
        }
        if info.kind == .folder { throw .cannotRead(path: name, problem: "is a folder, not a file") }
        let isRegular = info.kind == .regular
        if isRegular, info.size > limit { throw .tooLarge(path: name, limit: limit, what: what) }
        // Standard input is read from where it stands (`{ head -c 3; updatecheck diff a.json -; } < b.json`), never mapped.
        if isRegular, path != "-", info.size > 0,
            let mapped = InputBytes(mapping: descriptor, count: Int(info.size), path: name)
        {
            return mapped
        }
        // A regular file fits with one byte to spare, so its end is seen without growing.
        let capacity = isRegular ? Int(info.size) + 1 : min(64 << 10, limit + 1)
        guard let input = InputBytes(capacity: capacity) else {
            throw .cannotRead(path: name, problem: "cannot be read (out of memory for its \(capacity - 1) bytes)")
        }
        while true {
            if input.count == input.capacity {
                guard input.grow(to: min(input.capacity * 2, limit + 1)) else {
                    throw .cannotRead(path: name, problem: "cannot be read (out of memory)")
                }
            }
            let got: Int
            do {
                got = try System.read(descriptor, into: input.start + input.count, count: input.capacity - input.count)
            } catch {
                throw .cannotRead(path: name, problem: "cannot be read (\(error))")
            }
            if got == 0 { return input }
            if endsAtNUL, !isRegular,
                let nul = Memory.firstOffset(
                    of: 0, in: UnsafeRawBufferPointer(start: input.start + input.count, count: got))
            {
                input.count += nul + 1
                return input
            }
            input.count += got
            guard input.count <= limit else { throw .tooLarge(path: name, limit: limit, what: what) }
        }
    }

    /// Throws when `path` is missing, a folder or unreadable (`-`, standard
    /// input, always passes), opening nothing.
    ///
    /// - Throws: ``IOError/cannotRead(path:problem:)``: `no such file`, `is
    ///   a folder, not a file` or `cannot be read (<the system's reason>)`,
    ///   as ``bytes(at:limit:what:endsAtNUL:)`` says them.
    package static func checkReadable(_ path: String) throws(IOError) {
        if path == "-" { return }
        let name = displayName(path)
        let status: FileStatus
        do {
            status = try System.status(path)
        } catch {
            throw .cannotRead(path: name, problem: error == .noSuchFile ? "no such file" : "cannot be read (\(error))")
        }
        if status.kind == .folder { throw .cannotRead(path: name, problem: "is a folder, not a file") }
        do {
            try System.isAccessible(path, for: .read)
        } catch {
            throw .cannotRead(path: name, problem: "cannot be read (\(error))")
        }
    }

    /// The bytes of the JSON document at `path`, to be read whole as a
    /// tree: up to ``maxDocumentBytes``, a pipe or device up to its first NUL.
    ///
    /// - Throws: as ``bytes(at:limit:what:endsAtNUL:)``.
    package static func document(at path: String, what: String) throws(IOError) -> InputBytes {
        try bytes(at: path, limit: maxDocumentBytes, what: what, endsAtNUL: true)
    }
}

/// The whole content of one input, in memory this object owns (freed with
/// it), so that views of its bytes (a snapshot's IDs) stay valid as long as
/// it is kept.
package final class InputBytes: @unchecked Sendable {
    /// The first byte.
    fileprivate private(set) var start: UnsafeMutablePointer<UInt8>
    /// The bytes allocated.
    fileprivate private(set) var capacity: Int
    /// The bytes read.
    fileprivate(set) var count = 0
    /// The read-only mapping of a file the bytes are (unmapped, not freed), or nil.
    private let mapping: Memory.Mapping?

    /// An empty input with room for `capacity` bytes, or `nil` when memory
    /// is exhausted (a limit on the process's memory, say).
    fileprivate init?(capacity: Int) {
        mapping = nil
        // Large inputs in whole huge pages, which the system may back with them.
        let hugePage = Memory.hugePage
        self.capacity = capacity >= 2 * hugePage ? (capacity + hugePage - 1) / hugePage * hugePage : max(capacity, 1)
        guard let memory = Memory.allocate(self.capacity) else { return nil }
        start = memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Bytes given in memory (tests, inputs built by the CLI).
    package convenience init(_ bytes: [UInt8]) {
        self.init(capacity: bytes.count)!  // memory given in tests and by the CLI, never exhausted
        bytes.withUnsafeBufferPointer {
            if let source = $0.baseAddress { start.initialize(from: source, count: $0.count) }
        }
        count = bytes.count
    }

    /// The first `count` bytes of the open regular file `descriptor` (named
    /// `path` in messages), mapped read-only (pages present as they are
    /// read), or `nil` when the system refuses (the caller then reads the
    /// file).
    fileprivate init?(mapping descriptor: Int32, count: Int, path: String) {
        guard let mapping = Memory.mapReadOnly(descriptor, count: count, path: path) else { return nil }
        self.mapping = mapping
        start = mapping.start.assumingMemoryBound(to: UInt8.self)
        capacity = count
        self.count = count
    }

    deinit {
        if let mapping {
            Memory.unmap(mapping)
        } else {
            Memory.free(start)
        }
    }

    /// The bytes read, valid while this object is alive.
    package var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Whether `pointer` points into ``buffer``.
    package func contains(_ pointer: UnsafePointer<UInt8>) -> Bool {
        pointer >= UnsafePointer(start) && pointer < UnsafePointer(start) + count
    }

    /// Moves the bytes to an allocation of `newCapacity` bytes; false when
    /// memory is exhausted.
    fileprivate func grow(to newCapacity: Int) -> Bool {
        guard newCapacity > capacity, let memory = Memory.reallocate(start, to: newCapacity) else { return false }
        start = memory.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
        return true
    }
}
