import OptimisticState
import StateExplorer

/// The text `updatecheck state explore` prints: what was explored, the
/// verdict of each invariant, and the transition coverage table.
package enum StateExploreText {
    /// The report, ending with a verdict line.
    package static func report(_ report: ExplorationReport, seconds: Double) -> String {
        let configuration = report.configuration
        var lines: [String] = []
        let subject =
            "\(configuration.records) record\(configuration.records == 1 ? "" : "s") with \(configuration.values) values"
        let reach =
            report.reachedFixedPoint
            ? "to a fixed point at depth \(report.depth)"
            : "to depth \(report.depth) (--max-depth: not a fixed point)"
        lines.append("Explored \(subject) \(reach) in \(fixed(seconds)) s:")
        let ignored = report.transitions - report.appliedTransitions
        let before =
            report.symmetry.isEmpty ? "" : " (\(grouped(report.statesBeforeReduction)) before symmetry reduction)"
        lines.append(
            "  \(grouped(report.states)) states\(before), \(grouped(report.transitions)) transitions "
                + "(\(grouped(report.appliedTransitions)) applied, \(grouped(ignored)) ignored)")
        lines.append("")
        lines.append("Invariants, checked after every transition:")
        for invariant in Invariant.allCases {
            var line = "  "
            if let found = report.counterexample(for: invariant) {
                line +=
                    "FAIL  \(invariant.rawValue) \(invariant.name): \(found.length) event\(found.length == 1 ? "" : "s")"
            } else {
                line += "PASS  \(invariant.rawValue) \(invariant.name)"
                if invariant == .reorderChangesNoState, configuration.records > 1, configuration.checksPermutedList {
                    line += " (also against the list loaded in reverse order)"
                }
            }
            lines.append(line)
        }
        lines.append("")
        lines.append(contentsOf: coverage(report.coverage))
        lines.append("")
        let broken = report.counterexamples.count
        lines.append(
            broken == 0
                ? "PASS: all 7 invariants hold on every transition explored."
                : "FAIL: \(broken) of 7 invariants broken.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The coverage table: one row per event label, one column per phase,
    /// `-` where the event was never enabled.
    static func coverage(_ coverage: TransitionCoverage) -> [String] {
        let phases = PhaseKind.allCases
        let exercised = coverage.exercised.count
        var lines = [
            "Transition coverage: \(exercised) of \(coverage.pairs.count) (phase, event) pairs exercised "
                + "('-': never enabled)"
        ]
        func row(_ label: String, _ cells: [String]) -> String {
            ("  " + label.padding(34) + cells.map { $0.leftPadding(11) }.joined()).trailingSpacesRemoved
        }
        lines.append(row("event", phases.map(\.description)))
        for label in TransitionLabel.all {
            lines.append(
                row(
                    label.description,
                    phases.map { phase in
                        let count = coverage.count(of: label, in: phase)
                        return count == 0 ? "-" : grouped(count)
                    }))
        }
        return lines
    }

    /// `1,234,567`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }

    /// `seconds` with two decimals.
    static func fixed(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    /// The string preceded by spaces up to `width` characters.
    fileprivate func leftPadding(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }

    /// The string without trailing spaces.
    fileprivate var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
