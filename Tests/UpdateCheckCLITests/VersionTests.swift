import Foundation
import Testing

@testable import UpdateCheckCLI

/// The one version: what `updatecheck --version` prints, the newest entry of
/// `CHANGELOG.md` and the README's dependency line must name the same one.
@Suite struct VersionTests {
    /// The text of a file at the repository root.
    static func rootFile(_ name: String) throws -> String {
        try String(contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent(name), encoding: .utf8)
    }

    /// The version of the newest `## [X.Y.Z] - date` entry (an `Unreleased` entry is skipped).
    static func newestChangelogVersion() throws -> String? {
        for line in try rootFile("CHANGELOG.md").split(separator: "\n") where line.hasPrefix("## [") {
            let name = line.dropFirst(4).prefix { $0 != "]" }
            if name != "Unreleased" { return String(name) }
        }
        return nil
    }

    @Test func versionIsSemantic() {
        let parts = UpdateCheckMain.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
    }

    @Test func changelogNewestEntryIsTheVersion() throws {
        #expect(try Self.newestChangelogVersion() == UpdateCheckMain.version)
    }

    @Test func readmeDependencyLineNamesTheVersion() throws {
        let parts = UpdateCheckMain.version.split(separator: ".")
        let minor = "\(parts[0]).\(parts[1]).0"
        let readme = try Self.rootFile("README.md")
        #expect(readme.contains("from: \"\(minor)\""), "README's dependency line should say from: \"\(minor)\"")
    }

}
