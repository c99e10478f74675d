import JUnitReporter
import UpdateCheckIO
import UpdateCheckPlatform
import UpdateCheckSupport

/// The entry point of `updatecheck`, callable in-process by tests.
package enum UpdateCheckMain {
    /// The version printed by `updatecheck --version`.
    package static let version = "0.1.0"

    /// Runs `updatecheck` with `arguments` (without the program name) and
    /// returns the process exit code.
    ///
    /// Usage errors print `Error: …`, the usage line and a `See '… --help'`
    /// hint on standard error and return 64; other errors print `Error: …`
    /// and return their own code (see ``ExitCode``).
    ///
    /// `adapters` and `stores` are the in-process adapters and stores a
    /// team's own CLI adds.
    package static func run(
        _ arguments: [String], console: Console = .standard, adapters: [AdapterEntry] = [],
        stores: [StoreEntry] = []
    ) -> Int32 {
        let code = dispatch(arguments, console: console, adapters: adapters, stores: stores)
        if let failure = console.writeFailure() {
            console.errorLine("Error: cannot write to \(failure).")
            return ExitCode.ioError.rawValue
        }
        return code
    }

    /// Runs `updatecheck` as a process: ignores SIGPIPE (a closed pipe
    /// becomes a failed write, exit 74, after every report is written),
    /// keeps descriptors 0-2 taken, makes the signals that end a process
    /// (SIGINT, SIGTERM, SIGHUP and the rest) remove unfinished outputs'
    /// temporary files, a shortened mapped input exit 66, and a file-size
    /// limit (SIGXFSZ) fail a write (exit 74) instead of killing the
    /// process, then runs `arguments` (with the in-process `adapters` and
    /// `stores` a team's own CLI adds) and exits.
    package static func main(_ arguments: [String], adapters: [AdapterEntry] = [], stores: [StoreEntry] = [])
        -> Never
    {
        Signals.ignoreBrokenPipe()
        StandardStream.reserveDescriptors()
        AtomicFile.installSignalHandling()
        System.exit(start(arguments, adapters: adapters, stores: stores))
    }

    /// The process's run: refuses arguments that are not UTF-8, else runs
    /// `arguments`; returns the exit code. A function of its own, so that
    /// every value it made is released before ``main(_:adapters:stores:)``
    /// exits (a call that never returns releases nothing, and the leak
    /// checker of a sanitized build would report what is left).
    private static func start(_ arguments: [String], adapters: [AdapterEntry], stores: [StoreEntry]) -> Int32 {
        if let message = nonUTF8Argument(System.argumentBytes) {
            let console = Console.standard
            console.errorLine("Error: \(message)")
            return console.writeFailure() == nil ? ExitCode.usage.rawValue : ExitCode.ioError.rawValue
        }
        return run(arguments, adapters: adapters, stores: stores)
    }

    /// Names the first of `arguments` (each as its bytes, without the
    /// program's name) that is not valid UTF-8, or `nil` when all are.
    ///
    /// Swift decodes such an argument with replacement characters, so a file
    /// named by it would be looked for under another name and reported
    /// missing; it is refused as a usage error instead, shown with each byte
    /// outside printable ASCII (and `\`) as `\xNN`, and numbered from 1.
    package static func nonUTF8Argument(_ arguments: [[UInt8]]) -> String? {
        for (index, bytes) in arguments.enumerated() where String(validating: bytes, as: UTF8.self) == nil {
            var shown = ""
            for byte in bytes {
                if (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") {
                    shown.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    shown += "\\x" + MessageText.hexDigits(byte)
                }
            }
            return "argument \(index + 1) is not valid UTF-8: \(quoted: shown). File names and values are read "
                + "as UTF-8; give the file a UTF-8 name, or a symbolic link with one."
        }
        return nil
    }

    /// Parses `arguments` and runs the command; returns its exit code.
    private static func dispatch(
        _ arguments: [String], console: Console, adapters: [AdapterEntry], stores: [StoreEntry]
    ) -> Int32 {
        let parser = ArgumentParser(root: RootCommand.command)
        let parsed: ParsedCommandLine
        do {
            parsed = try parser.parse(arguments, console: console)
        } catch {
            console.writeErr(
                HelpFormatter.usageError(error.error.message, command: error.command, path: error.path))
            return error.error.code.rawValue
        }
        switch parsed {
        case .version:
            console.line("updatecheck \(version)")
            return ExitCode.success.rawValue
        case .help(let command, let path):
            console.writeOut(HelpFormatter.help(of: command, path: path))
            return ExitCode.success.rawValue
        case .run(let command, var invocation):
            invocation.adapters = adapters
            invocation.stores = stores
            defer { invocation.removeEmptyCreatedFolders() }
            do {
                return try command.action!(&invocation).rawValue
            } catch {
                if error.code == .usage {
                    console.writeErr(
                        HelpFormatter.usageError(error.message, command: command, path: invocation.path))
                } else {
                    console.errorLine("Error: \(error.message)")
                }
                return error.code.rawValue
            }
        }
    }
}
