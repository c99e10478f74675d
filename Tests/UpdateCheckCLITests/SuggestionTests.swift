import Testing

@testable import UpdateCheckCLI

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("chek", ["check", "state", "diff"], "check"),
        ("--idz", ["--ids", "--seed", "--shard"], "--ids"),
        ("--shards", ["--ids", "--seed", "--shard"], "--shard"),
        ("stat", ["check", "state"], "state"),
        ("sattes", ["state"], "state"),  // a transposition and a deletion
        ("CHECK", ["check"], "check"),
    ])
    func closeTyposAreSuggested(typed: String, candidates: [String], expected: String) {
        #expect(Suggestion.closest(to: typed, among: candidates) == expected)
    }

    @Test(arguments: [
        ("x", ["check", "diff"]),  // too short to tell
        ("frobnicate", ["check", "state", "diff", "plan", "adapters", "junit"]),
        ("--bogus", ["--junit", "--ids"]),
        ("", ["check"]),
    ])
    func farWordsSuggestNothing(typed: String, candidates: [String]) {
        #expect(Suggestion.closest(to: typed, among: candidates) == nil)
        #expect(Suggestion.hint(for: typed, among: candidates) == "")
    }

    @Test func editDistanceCountsTranspositionsAsOne() {
        #expect(Suggestion.editDistance(Array("abc"), Array("acb")) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.editDistance(Array("same"), Array("same")) == 0)
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(Suggestion.closest(to: "plam", among: ["plan", "plat"]) == "plan")
    }

    @Test func mistypedCommandGetsASuggestion() throws {
        let result = try BinaryRunner.run(["chek"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown subcommand 'chek'. Did you mean 'check'?\n"))
    }

    @Test func mistypedOptionGetsASuggestion() throws {
        let result = try BinaryRunner.run(["diff", "exhaustive", "--idz", "3"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown option '--idz'. Did you mean '--ids'?\n"))
    }

    @Test func anOptionOfASubcommandIsSuggestedWithItsName() throws {
        let result = try BinaryRunner.run(["diff", "--idz", "3"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown option '--idz'. Did you mean 'exhaustive --ids'?\n"))
    }

    @Test func mistypedNestedSubcommandGetsASuggestion() throws {
        let result = try BinaryRunner.run(["state", "explor"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown subcommand 'explor'. Did you mean 'explore'?\n"))
    }
}
