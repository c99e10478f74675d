import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error of the process, remembering the first
/// failed write.
package enum StandardStream: Sendable {
    case output
    case error

    /// The `errno` of the first failed write to standard output, or 0.
    private static let outputError = Atomic<Int32>(0)
    /// The `errno` of the first failed write to standard error, or 0.
    private static let errorError = Atomic<Int32>(0)

    private var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    private var recorded: Int32 {
        self == .output ? Self.outputError.load(ordering: .relaxed) : Self.errorError.load(ordering: .relaxed)
    }

    private func record(_ code: Int32) {
        if self == .output {
            _ = Self.outputError.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        } else {
            _ = Self.errorError.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        }
    }

    /// The first failed write, described (`standard output: Broken pipe`), or nil.
    package var failure: String? {
        let code = recorded
        guard code != 0 else { return nil }
        return "\(self == .output ? "standard output" : "standard error"): \(String(cString: strerror(code)))"
    }

    /// Writes every byte of `text`, retrying short writes and interrupted
    /// calls; after a failed write (recorded), later text is dropped.
    package func write(_ text: String) {
        guard recorded == 0 else { return }
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    record(written < 0 ? errno : EIO)
                    return
                }
            }
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open, so that no file the
    /// command opens takes their number: a closed one (`>&-`) is opened
    /// read-only on `/dev/null`, so printing there fails (and is reported)
    /// while reading gives an empty input.
    package static func reserveDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// `write(2)`, under a name the stream's own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
