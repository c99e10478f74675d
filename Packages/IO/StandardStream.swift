import Synchronization
import UpdateCheckPlatform

/// Standard output or standard error of the process, remembering the first
/// failed write.
package enum StandardStream: Sendable {
    case output
    case error

    /// The `errno` of the first failed write to standard output, or 0.
    private static let outputError = Atomic<Int32>(0)
    /// The `errno` of the first failed write to standard error, or 0.
    private static let errorError = Atomic<Int32>(0)

    private var descriptor: Int32 { self == .output ? System.standardOutput : System.standardError }

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
        return "\(self == .output ? "standard output" : "standard error"): \(Errno(code))"
    }

    /// Writes every byte of `text`, retrying short writes and interrupted
    /// calls; after a failed write (recorded), later text is dropped.
    package func write(_ text: String) {
        guard recorded == 0 else { return }
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            do throws(Errno) {
                try System.writeAll(descriptor, base, count: buffer.count)
            } catch {
                record(error.code)
            }
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open, so that no file the
    /// command opens takes their number: a closed one (`>&-`) is opened
    /// read-only on `/dev/null`, so printing there fails (and is reported)
    /// while reading gives an empty input.
    package static func reserveDescriptors() {
        for descriptor in [System.standardInput, System.standardOutput, System.standardError]
        where !System.isOpen(descriptor) {
            guard let opened = try? System.open("/dev/null", .readOnly), opened != descriptor else { continue }
            try? System.duplicate(opened, onto: descriptor)
            System.closeQuietly(opened)
        }
    }
}
