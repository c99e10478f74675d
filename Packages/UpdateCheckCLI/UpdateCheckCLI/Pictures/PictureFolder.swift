import Foundation

/// Where `updatecheck check` writes the pictures of failing cases: next to
/// the JUnit report, named after it (`reports/check-2.xml` gives
/// `reports/check-2-uikit-17.svg`), so CI keeps them with the report.
package struct PictureFolder: Sendable, Equatable {
    /// The report's path without its `.xml` extension, as given (relative
    /// paths stay relative, as GitLab expects of attachments).
    package var stem: String

    /// The pictures of the report at `junitPath`.
    package init(junitPath: String) {
        stem = junitPath.hasSuffix(".xml") ? String(junitPath.dropLast(4)) : junitPath
    }

    /// Writes `picture` as `<stem>-<name>.svg` and returns that path.
    ///
    /// - Throws: exit 73 naming the file when it cannot be written.
    package func write(_ picture: PlanPicture, named name: String) throws(CLIError) -> String {
        let path = "\(stem)-\(name).svg"
        try OutputFile.write(SVGPlanRenderer.render(picture), to: path)
        return path
    }
}
