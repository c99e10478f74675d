#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// `path` as shown in messages: `-` is `standard input`.
    package static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    /// Throws a usage error when `-` (standard input, which can be read
    /// only once) is among `paths` more than once.
    package static func checkStandardInputOnce(_ paths: [String]) throws(IOError) {
        if paths.count(where: { $0 == "-" }) > 1 {
            throw .conflict("Standard input ('-') can be read only once.")
        }
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
    /// - Complexity: O(size): a regular file is mapped into memory read-only
    ///   (its pages are the system's file cache: nothing is copied or
    ///   zeroed; a file truncated by another program while it is being read
    ///   ends the process), or, when it cannot be mapped, read straight into
    ///   a buffer of its size plus one byte; anything else is read into a
    ///   buffer that doubles.
    package static func bytes(
        at path: String, limit: Int = maxBytes, what: String = "input", endsAtNUL: Bool = false
    ) throws(IOError) -> InputBytes {
        let name = displayName(path)
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            var opened: Int32
            repeat { opened = open(path, O_RDONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
            guard opened >= 0 else {
                throw .cannotRead(
                    path: name, problem: errno == ENOENT ? "no such file" : "cannot be read (\(reason()))")
            }
            descriptor = opened
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .cannotRead(path: name, problem: "cannot be read (\(reason()))")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw .cannotRead(path: name, problem: "is a directory, not a file") }
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        if isRegular, Int(info.st_size) > limit { throw .tooLarge(path: name, limit: limit, what: what) }
        if isRegular, info.st_size > 0, let mapped = InputBytes(mapping: descriptor, count: Int(info.st_size)) {
            return mapped
        }
        // A regular file fits with one byte to spare, so its end is seen without growing.
        let input = InputBytes(capacity: isRegular ? Int(info.st_size) + 1 : min(64 << 10, limit + 1))
        while true {
            if input.count == input.capacity {
                guard input.grow(to: min(input.capacity * 2, limit + 1)) else {
                    throw .cannotRead(path: name, problem: "cannot be read (out of memory)")
                }
            }
            let got = read(descriptor, input.start + input.count, input.capacity - input.count)
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: name, problem: "cannot be read (\(reason()))")
            }
            if got == 0 { return input }
            if endsAtNUL, !isRegular, let nul = memchr(input.start + input.count, 0, got) {
                input.count += nul.assumingMemoryBound(to: UInt8.self) - (input.start + input.count) + 1
                return input
            }
            input.count += got
            guard input.count <= limit else { throw .tooLarge(path: name, limit: limit, what: what) }
        }
    }

    /// The bytes of the JSON document at `path`, to be read whole as a
    /// tree: up to ``maxDocumentBytes``, a pipe or device up to its first NUL.
    ///
    /// - Throws: as ``bytes(at:limit:what:endsAtNUL:)``.
    package static func document(at path: String, what: String) throws(IOError) -> InputBytes {
        try bytes(at: path, limit: maxDocumentBytes, what: what, endsAtNUL: true)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
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
    /// Whether the bytes are a read-only mapping of a file (unmapped, not freed).
    private let isMapped: Bool

    /// An empty input with room for `capacity` bytes.
    fileprivate init(capacity: Int) {
        isMapped = false
        let hugePage = 2 << 20
        var memory: UnsafeMutableRawPointer?
        if capacity >= 2 * hugePage {
            // Large inputs on huge pages where the system allows: a fault per 2 MiB instead of per 4 KiB.
            self.capacity = (capacity + hugePage - 1) / hugePage * hugePage
            if posix_memalign(&memory, hugePage, self.capacity) == 0, let memory {
                #if canImport(Glibc)
                    _ = madvise(memory, self.capacity, MADV_HUGEPAGE)
                #endif
            }
        } else {
            self.capacity = max(capacity, 1)
            memory = malloc(self.capacity)
        }
        guard let memory else { fatalError("out of memory reading an input") }
        start = memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Bytes given in memory (tests, inputs built by the CLI).
    package convenience init(_ bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withUnsafeBufferPointer {
            if let source = $0.baseAddress { start.initialize(from: source, count: $0.count) }
        }
        count = bytes.count
    }

    /// The first `count` bytes of the open regular file `descriptor`, mapped
    /// read-only with their pages made present at once, or `nil` when the
    /// system refuses (the caller then reads the file).
    fileprivate init?(mapping descriptor: Int32, count: Int) {
        #if canImport(Glibc)
            let flags = MAP_PRIVATE | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE
        #endif
        guard let memory = mmap(nil, count, PROT_READ, flags, descriptor, 0), memory != MAP_FAILED else {
            return nil
        }
        isMapped = true
        start = memory.assumingMemoryBound(to: UInt8.self)
        capacity = count
        self.count = count
    }

    deinit {
        if isMapped {
            munmap(start, capacity)
        } else {
            free(start)
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
        guard newCapacity > capacity, let memory = realloc(start, newCapacity) else { return false }
        start = memory.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
        return true
    }
}
