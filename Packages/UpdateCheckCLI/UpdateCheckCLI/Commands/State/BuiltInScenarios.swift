import OptimisticScenario
import OptimisticState

/// The scenarios built into `updatecheck`, runnable without input files
/// (`updatecheck state run --builtin`, and `updatecheck check`).
package enum BuiltInScenarios {
    /// The name under which the seed scenario is reported.
    package static let seedName = "built-in:favourite-button-seed"

    /// The favourite-button article's three assertion groups and three
    /// release checks as scenario-file JSON; byte for byte the file
    /// `Examples/scenarios/favourite-button-seed.json`.
    package static let seedScenario = #"""
        {
          "name": "Favourite button: the article's checks",
          "description": "The favourite-button article's three assertion groups and its three release checks.",
          "session": 1,
          "records": {"post-1": false},
          "steps": [
            {"note": "Group 1: a rejection rolls back; a second tap while saving sends nothing.", "event": "tap", "record": "post-1", "value": true, "as": "first", "expect": {"result": "sendWrite", "visible": true, "confirmed": false, "phase": "saving", "ticket": "first", "isSaving": true, "acceptsTaps": false, "accessibility": "on, saving"}},
            {"event": "tap", "record": "post-1", "value": false, "expect": {"ignored": "busy", "visible": true, "phase": "saving", "ticket": "first"}},
            {"event": "finish", "ticket": "first", "outcome": "rejected", "expect": {"result": "nothing", "visible": false, "confirmed": false, "phase": "idle", "isSaving": false, "acceptsTaps": true, "accessibility": "off"}},
            {"note": "Group 2: a duplicate callback changes nothing.", "event": "tap", "record": "post-1", "value": true, "as": "second", "expect": {"result": "sendWrite"}},
            {"event": "finish", "ticket": "second", "outcome": "confirmed", "value": true, "expect": {"result": "nothing", "visible": true, "confirmed": true, "phase": "idle"}},
            {"event": "finish", "ticket": "second", "outcome": "confirmed", "value": false, "expect": {"ignored": "duplicate", "visible": true, "confirmed": true, "phase": "idle"}},
            {"note": "Group 3: an answer from the old session changes nothing; the server's value wins over the intent.", "event": "tap", "record": "post-1", "value": false, "as": "oldSession", "expect": {"result": "sendWrite", "visible": false}},
            {"event": "switchSession", "session": 2, "records": {"post-1": false}, "expect": {"record": "post-1", "result": "nothing", "visible": false, "confirmed": false, "phase": "idle"}},
            {"event": "tap", "record": "post-1", "value": true, "as": "current", "expect": {"result": "sendWrite"}},
            {"event": "finish", "ticket": "oldSession", "outcome": "confirmed", "value": false, "expect": {"ignored": "earlierSession", "visible": true, "phase": "saving", "ticket": "current"}},
            {"event": "finish", "ticket": "current", "outcome": "confirmed", "value": false, "expect": {"result": "nothing", "visible": false, "confirmed": false, "phase": "idle"}},
            {"note": "Release check 1: after a rejection the button is usable again.", "event": "tap", "record": "post-1", "value": true, "as": "refused", "expect": {"result": "sendWrite", "acceptsTaps": false}},
            {"event": "finish", "ticket": "refused", "outcome": "rejected", "expect": {"result": "nothing", "visible": false, "isSaving": false, "acceptsTaps": true}},
            {"event": "tap", "record": "post-1", "value": true, "as": "retry", "expect": {"result": "sendWrite", "visible": true}},
            {"event": "finish", "ticket": "retry", "outcome": "confirmed", "value": true, "expect": {"visible": true, "confirmed": true, "acceptsTaps": true, "accessibility": "on"}},
            {"note": "Release check 2: an uncertain outcome blocks writes and asks for a re-read.", "event": "tap", "record": "post-1", "value": false, "as": "timedOut", "expect": {"result": "sendWrite", "visible": false}},
            {"event": "finish", "ticket": "timedOut", "outcome": "uncertain", "as": "reread", "expect": {"result": "sendReread", "visible": true, "confirmed": true, "phase": "needsSync", "ticket": "reread", "isSaving": false, "acceptsTaps": false, "accessibility": "on, checking"}},
            {"event": "tap", "record": "post-1", "value": false, "expect": {"ignored": "awaitingResync", "visible": true, "phase": "needsSync"}},
            {"event": "finish", "ticket": "timedOut", "outcome": "confirmed", "value": false, "expect": {"ignored": "staleTicket", "phase": "needsSync", "ticket": "reread"}},
            {"event": "resync", "ticket": "reread", "value": false, "expect": {"result": "nothing", "visible": false, "confirmed": false, "phase": "idle", "acceptsTaps": true}},
            {"note": "Release check 3: after an account switch old callbacks change nothing.", "event": "tap", "record": "post-1", "value": true, "as": "beforeSwitch", "expect": {"result": "sendWrite"}},
            {"event": "switchSession", "session": 3, "records": {"post-1": true, "post-2": false}, "expect": [{"record": "post-1", "visible": true, "confirmed": true, "phase": "idle"}, {"record": "post-2", "visible": false, "confirmed": false, "phase": "idle"}]},
            {"event": "finish", "ticket": "beforeSwitch", "outcome": "rejected", "expect": {"ignored": "earlierSession", "visible": true, "confirmed": true, "phase": "idle", "acceptsTaps": true}},
            {"event": "cancel", "ticket": "beforeSwitch", "expect": {"ignored": "earlierSession", "visible": true, "phase": "idle"}},
            {"event": "finish", "ticket": "beforeSwitch", "record": "post-2", "outcome": "confirmed", "value": true, "expect": {"ignored": "earlierSession", "record": "post-2", "visible": false, "confirmed": false}}
          ]
        }
        """#

    /// The seed scenario, parsed and validated.
    ///
    /// - Throws: exit 65 if the embedded text were malformed (a test proves it is not).
    package static func seed() throws(CLIError) -> Scenario {
        try ScenarioSource.parse(text: seedScenario, file: seedName)
    }

    /// The seed scenario under its reporting name, ready for
    /// `StateRun.execute(_:salt:console:printTrace:)`.
    ///
    /// - Throws: exit 65 if the embedded text were malformed.
    package static func seedSource() throws(CLIError) -> ScenarioSource {
        ScenarioSource(name: seedName, scenario: try seed())
    }
}
