import UpdateCheckCLI
import UpdateCheckFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ArgumentsFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

/// Fuzzes the argument parser of `updatecheck` (``ArgumentParser`` on the
/// root command), the input's NUL-separated words being the arguments.
/// Oracle: a refused command line is one exit-64 message; an accepted one,
/// spelled again (`--name=value` for every value, flags, `--`, then the
/// positionals), parses to the same command, values, flags and positionals.
@main
enum ArgumentsFuzzTarget {
    static let console = Console(writeOut: { _ in }, writeErr: { _ in })
    static let parser = ArgumentParser(root: RootCommand.command)

    static func main() { Fuzz.run(fuzzOneInput) }

    static func check(_ bytes: [UInt8]) {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        // The process refuses arguments that are not UTF-8 before parsing.
        guard UpdateCheckMain.nonUTF8Argument(words) == nil else { return }
        let arguments = words.map { String(decoding: $0, as: UTF8.self) }
        let parsed: ParsedCommandLine
        do {
            parsed = try parser.parse(arguments, console: console)
        } catch {
            Fuzz.require(error.error.code == .usage, "refused with exit \(error.error.code.rawValue)")
            Fuzz.require(Fuzz.isMessage(error.error.message), "not a message: \(error.error.message)")
            return
        }
        guard case .run(let command, let invocation) = parsed else { return }
        var spelled = Array(invocation.path.dropFirst())
        for long in invocation.values.keys.sorted() {
            for value in invocation.values[long]! { spelled.append("--\(long)=\(value)") }
        }
        spelled += invocation.flags.sorted().map { "--\($0)" }
        if !invocation.positionals.isEmpty { spelled += ["--"] + invocation.positionals }
        let again: ParsedCommandLine
        do {
            again = try parser.parse(spelled, console: console)
        } catch {
            fatalError("oracle: \(spelled) is refused: \(error.error.message)")
        }
        guard case .run(let commandAgain, let invocationAgain) = again else {
            fatalError("oracle: \(spelled) parses to \(again), not a command")
        }
        Fuzz.require(commandAgain.name == command.name && invocationAgain.path == invocation.path, "another command")
        Fuzz.require(invocationAgain.values == invocation.values, "values changed: \(spelled)")
        Fuzz.require(invocationAgain.flags == invocation.flags, "flags changed: \(spelled)")
        Fuzz.require(invocationAgain.positionals == invocation.positionals, "positionals changed: \(spelled)")
    }
}
