import JUnitReporter
import UpdateCheckFuzzSupport
import UpdateCheckIO

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    JUnitReportFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

/// Fuzzes the JUnit readers, `junit validate` (``JUnitValidator``) and
/// `junit merge` (``JUnitMerger``), on a report file in the current
/// folder. Oracle: validating lists problems with a line, or
/// refuses with one error naming the line; merging refuses with one error
/// naming the line, or writes a report that validates (well-formed, the
/// structure and counts checked; an input's other namespaces are kept, so
/// not against the Jenkins schema), with the totals of the input when the
/// input was valid.
@main
enum JUnitReportFuzzTarget {
    static let input = "fuzz-input.xml"
    static let merged = "fuzz-merged.xml"
    static let options = JUnitWriterOptions(syncsToDisk: false)

    static func main() { Fuzz.run(fuzzOneInput) }

    static func check(_ bytes: [UInt8]) {
        do {
            try AtomicFile.write(bytes, to: input)
        } catch {
            fatalError("cannot write \(input): \(error)")
        }
        let validation: JUnitValidation?
        do {
            validation = try JUnitValidator.validate(file: input)
            for problem in validation?.problems ?? [] {
                Fuzz.require(problem.line >= 0, "a problem at line \(problem.line)")
                Fuzz.require(Fuzz.isMessage(problem.message), "not a message: \(problem.message)")
            }
        } catch {
            requireLocated(error)
            validation = nil
        }
        let totals: JUnitTotals
        do {
            totals = try JUnitMerger.merge([input], into: merged, options: options)
        } catch {
            requireLocated(error)
            return
        }
        let output: JUnitValidation
        do {
            output = try JUnitValidator.validate(file: merged)
        } catch {
            fatalError("oracle: the merged report is refused: \(error)")
        }
        Fuzz.require(output.isValid, "the merged report is invalid: \(output.problems)")
        Fuzz.require(output.totals == totals, "merge said \(totals), its report holds \(output.totals)")
        if let validation, validation.isValid {
            Fuzz.require(validation.totals == totals, "a valid report of \(validation.totals) merged to \(totals)")
        }
    }

    /// Traps unless `error` is a malformed input named with its line, said
    /// as one message.
    static func requireLocated(_ error: JUnitReporterError) {
        guard case .malformed(let path, let line, _) = error else {
            fatalError("oracle: refused with \(error)")
        }
        Fuzz.require(path == input && line >= 0, "no line: \(error)")
        Fuzz.require(Fuzz.isMessage(error.description), "not a message: \(error.description)")
    }
}
