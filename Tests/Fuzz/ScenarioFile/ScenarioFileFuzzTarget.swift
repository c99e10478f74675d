import OptimisticScenario
import UpdateCheckFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ScenarioFileFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

/// Fuzzes the scenario-file reader (``Scenario/init(jsonBytes:file:)``).
/// Oracle: a refused input gives one error naming line and column (bad
/// JSON) or the step (a scenario that cannot run); an accepted
/// one, written with ``Scenario/jsonText``, reads back to the same scenario
/// (steps compared without their lines, which writing renumbers).
@main
enum ScenarioFileFuzzTarget {
    static let file = "scenario.json"

    static func main() { Fuzz.run(fuzzOneInput) }

    static func check(_ bytes: [UInt8]) {
        let scenario: Scenario
        do {
            scenario = try Scenario(jsonBytes: bytes, file: file)
        } catch {
            switch error {
            case .malformed(let named, let line, let column, _):
                Fuzz.require(named == file && line >= 1 && column >= 1, "no position: \(error)")
            case .invalidScenario(let named, let step, _, _):
                Fuzz.require(named == file && step >= 0, "no step: \(error)")
            case .storeFailed:
                fatalError("oracle: reading ran a store: \(error)")
            }
            Fuzz.require(Fuzz.isMessage(error.description), "not a message: \(error.description)")
            return
        }
        let again: Scenario
        do {
            again = try Scenario(jsonText: scenario.jsonText, file: file)
        } catch {
            fatalError("oracle: the scenario as written is refused: \(error)\n\(scenario.jsonText)")
        }
        Fuzz.require(withoutLines(again) == withoutLines(scenario), "read back differently:\n\(scenario.jsonText)")
        Fuzz.require(again.jsonText == scenario.jsonText, "written differently the second time")
    }

    static func withoutLines(_ scenario: Scenario) -> Scenario {
        var copy = scenario
        for index in copy.steps.indices { copy.steps[index].line = nil }
        return copy
    }
}
