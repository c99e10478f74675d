import UpdateCheckPlatform

/// What every fuzz target of UpdateCheck shares: libFuzzer's driver, the
/// input as bytes, and the oracle's checks, which trap so that libFuzzer
/// reports the input and keeps it as a crash file.
///
/// A target is an executable built with `-sanitize=fuzzer,address` (see
/// `Scripts/fuzz`): its `main` hands its `LLVMFuzzerTestOneInput` to
/// ``run(_:)``, which parses libFuzzer's flags and runs it on every input.
package enum Fuzz {
    /// The signature of `LLVMFuzzerTestOneInput`: the input's bytes and
    /// count; it returns 0.
    package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer on `testOneInput` with the process's arguments
    /// (corpus folders, `-max_total_time=…`) and exits with its status.
    package static func run(_ testOneInput: TestOneInput) -> Never {
        var count = CommandLine.argc
        var arguments = CommandLine.unsafeArgv
        System.exit(llvmFuzzerRunDriver(&count, &arguments, testOneInput))
    }

    /// The input of one run as an array.
    package static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Traps with `what` when `condition` is false: the input broke the
    /// oracle.
    package static func require(
        _ condition: Bool, _ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition { fatalError("oracle: \(what())", file: file, line: line) }
    }

    /// Whether `message` is one message: not empty, and with no line
    /// break of its own at its end. A message may quote the input, line
    /// breaks included: the CLI's console shows them as visible escapes
    /// (`JUnitText.terminalSafe`), so that what it prints is one line.
    package static func isMessage(_ message: String) -> Bool {
        !message.isEmpty && !message.hasSuffix("\n")
    }

    /// Whether `message` is one message (see ``isMessage(_:)``) that starts
    /// with `file:LINE:COLUMN: `, both numbers from 1.
    package static func namesPosition(_ message: String, in file: String) -> Bool {
        guard isMessage(message), message.hasPrefix(file + ":") else { return false }
        let parts = message.dropFirst(file.count + 1).split(
            separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return false }
        return line >= 1 && column >= 1 && parts[2].hasPrefix(" ")
    }
}

/// libFuzzer's entry for programs that have their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ count: UnsafeMutablePointer<CInt>,
    _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: Fuzz.TestOneInput
) -> CInt
