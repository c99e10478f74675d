/// The output of `updatecheck adapters`: every adapter with its semantics,
/// then the manifest's adapter programs with their model and command.
package enum AdaptersList {
    /// The width summaries are wrapped to.
    static let width = 88

    /// The default adapters (with those a team's own CLI adds), then the
    /// variants, then the sectioned adapters, each with its summary and
    /// policy; then `programs`, the manifest's adapter programs, each with its
    /// model, command and policy.
    package static func render(
        _ adapters: [AdapterEntry] = AdapterCatalog().all,
        sectioned: [AdapterEntry] = AdapterCatalog().sectioned, programs: [AdapterManifest.Adapter] = []
    ) -> String {
        var lines = ["Adapters (prove them with 'updatecheck adapters check'):"]
        let programNames = Set(programs.map(\.name))
        let adapters = adapters.filter { !programNames.contains($0.name) }
        let sectioned = sectioned.filter { !programNames.contains($0.name) }
        for (index, adapter) in adapters.enumerated() {
            if adapter.isVariant, index == 0 || !adapters[index - 1].isVariant {
                lines.append("")
                lines.append("Variants (checked when named):")
            }
            lines.append("")
            lines.append(adapter.name)
            lines += wrap(adapter.summary, indent: "  ")
            lines.append("  Policy: \(adapter.policy).")
        }
        if !sectioned.isEmpty {
            lines.append("")
            lines.append("Sectioned (checked with --sections):")
        }
        for adapter in sectioned {
            lines.append("")
            lines.append(adapter.name)
            lines += wrap(adapter.summary, indent: "  ")
            lines.append("  Policy: \(adapter.policy).")
        }
        for (index, program) in programs.enumerated() {
            if index == 0 {
                lines.append("")
                lines.append("Adapter programs of the manifest (checked with the defaults):")
            }
            lines.append("")
            lines.append(program.name)
            let checked = program.isSectioned ? " (checked with --sections)" : ""
            lines.append("  Model: \(program.model)\(checked), from \(program.location).")
            lines += wrap("Command: \(program.command)", indent: "  ")
            lines.append("  Policy: \(program.policy).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` broken into lines of at most ``width`` characters (longer
    /// words stand alone), each starting with `indent`.
    static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }
}
