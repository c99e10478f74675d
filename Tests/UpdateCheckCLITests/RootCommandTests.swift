import Testing

@Suite struct RootCommandTests {
    @Test func versionPrintsAndExitsZero() throws {
        let result = try BinaryRunner.run(["--version"])
        #expect(result == .init(status: 0, stdout: "updatecheck 0.1.0\n", stderr: ""))
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try BinaryRunner.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Error: Unknown subcommand 'frobnicate'.
                Usage: updatecheck <subcommand>
                  See 'updatecheck --help' for more information.

                """)
    }

    @Test func helpListsEverySubcommand() throws {
        let result = try BinaryRunner.run(["--help"])
        #expect(result.status == 0)
        for name in ["check", "state", "diff", "plan", "adapters", "junit"] {
            #expect(result.stdout.contains("\n  \(name) "), "missing \(name)")
        }
    }
}
