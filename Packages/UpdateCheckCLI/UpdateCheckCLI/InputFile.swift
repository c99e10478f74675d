import JUnitReporter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads input files with the CLI's exit-code conventions.
///
/// `-` is standard input; pipes, FIFOs, process substitutions (`<(…)`,
/// `/dev/fd/N`) and devices are read to their end like files. An input
/// larger than ``maxBytes`` is refused rather than exhausting memory
/// (`/dev/zero`).
package enum InputFile {
    /// The largest input read: 2 GiB.
    package static let maxBytes = 2 << 30

    /// `path` as shown in messages: `-` is `standard input`.
    package static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    /// Throws a usage error when `-` (standard input, which can be read
    /// only once) is among `paths` more than once.
    package static func checkStandardInputOnce(_ paths: [String]) throws(CLIError) {
        if paths.count(where: { $0 == "-" }) > 1 {
            throw .usage("Standard input ('-') can be read only once.")
        }
    }

    /// The whole content of `path` (`-`: standard input) as bytes.
    ///
    /// - Throws: exit 66 when the file is missing, a folder or unreadable
    ///   (naming it and the system's reason); exit 65 past ``maxBytes``.
    /// - Complexity: O(size): a regular file is read straight into a buffer
    ///   of its size; anything else in growing blocks.
    package static func bytes(at path: String) throws(CLIError) -> [UInt8] {
        let name = displayName(path)
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            var opened: Int32
            repeat { opened = open(path, O_RDONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
            guard opened >= 0 else {
                throw .noInput(errno == ENOENT ? "\(name): no such file." : "\(name): cannot be read (\(reason())).")
            }
            descriptor = opened
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .noInput("\(name): cannot be read (\(reason())).") }
        if info.st_mode & S_IFMT == S_IFDIR { throw .noInput("\(name): is a directory, not a file.") }
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        if isRegular, Int(info.st_size) > maxBytes { throw tooLarge(name) }
        var bytes: [UInt8] = []
        if isRegular {
            // Straight into a buffer of the file's size plus one byte, to see the end in the same reads.
            let capacity = Int(info.st_size) + 1
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if got > 0 {
                        count += got
                    } else if got == 0 {
                        return
                    } else if errno != EINTR {
                        failure = errno
                        return
                    }
                }
            }
            if failure != 0 {
                errno = failure
                throw .noInput("\(name): cannot be read (\(reason())).")
            }
            // A file that grew while being read goes on in blocks.
            if bytes.count < capacity { return bytes }
        } else {
            bytes.reserveCapacity(64 << 10)
        }
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .noInput("\(name): cannot be read (\(reason())).")
            }
            if got == 0 { return bytes }
            guard bytes.count + got <= maxBytes else { throw tooLarge(name) }
            bytes.append(contentsOf: block[..<got])
        }
    }

    /// The content of `path` parsed as JSON, with line and column positions.
    ///
    /// - Throws: exit 66 when missing; exit 65 naming file, line and column
    ///   when the JSON is malformed (duplicate keys in an object included).
    package static func json(at path: String) throws(CLIError) -> JSONNode {
        let bytes = try bytes(at: path)
        do {
            return try JSONNode.parse(bytes)
        } catch {
            throw .dataError("\(displayName(path)):\(error.line):\(error.column): \(error.message)")
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    private static func tooLarge(_ name: String) -> CLIError {
        .dataError("\(name): larger than \(maxBytes >> 30) GiB, the largest input read.")
    }
}

/// Writes the CLI's output files (pictures, counterexamples) through
/// JUnitReporter's `AtomicFile`, the one home of safe output writing: a
/// reader never sees half a file, a symbolic link is followed and stays a
/// link, a device or FIFO is written through and never replaced.
package enum OutputFile {
    /// Writes `text` as UTF-8 to `path`.
    ///
    /// - Throws: exit 73 naming the file and the reason when it cannot be
    ///   created or written; a previous file at `path` is then untouched.
    package static func write(_ text: String, to path: String) throws(CLIError) {
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            throw CLIError(error)
        }
    }
}
