import Foundation
import JUnitReporter
import UpdateCheckIO

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

    /// The pictures of the report at `junitPath`, if any: none without a
    /// report, and none for a report written through to a stream or device
    /// (`-`, `/dev/stdout`, a FIFO), which has no folder to hold them.
    package static func beside(_ junitPath: String?) -> PictureFolder? {
        guard let junitPath else { return nil }
        if let report = try? AtomicFile(path: junitPath), report.writesThrough { return nil }
        return PictureFolder(junitPath: junitPath)
    }

    /// Refuses, before any case runs, the report at `report` when its
    /// pictures could get names too long to write: the longest of
    /// `adapters` with the case number `cases` (a 251-character report name
    /// leaves no room for `-uikit-sections-131.svg`).
    ///
    /// - Throws: exit 73 naming the report, the longest picture name's end
    ///   and the limit.
    package func checkNames(report: String, adapters: [String], cases: Int) throws(CLIError) {
        guard let adapter = adapters.max(by: { $0.utf8.count < $1.utf8.count }) else { return }
        let suffix = "-\(adapter)-\(max(cases, 1)).svg"
        guard let reason = AtomicFile.lengthProblem(stem + suffix) else { return }
        throw .cannotCreate(
            "\(report): cannot be written with the pictures of its failing cases (the picture "
                + "'…\(suffix)': \(reason)); give the report a shorter name.")
    }

    /// Refuses, before any case runs, a file of the command that a picture
    /// could overwrite: one of `files` (the Markdown summary, the manifest
    /// read) named, as given or once its links are followed, like a picture
    /// of one of `adapters`, `<stem>-<adapter>-<n>.svg` in the report's folder.
    ///
    /// - Throws: exit 64 naming the file, the report at `report` and the adapter.
    package func checkOverwrites(
        of files: [(what: String, path: String)], report: String, adapters: [String]
    ) throws(CLIError) {
        let stemLocation = OutputPath.location(ofFile: stem)
        for file in files {
            let given = OutputPath.location(ofFile: file.path)
            for location in [given, OutputPath(file.path)?.location ?? given] {
                guard location.hasPrefix(stemLocation + "-"), location.hasSuffix(".svg") else { continue }
                let name = location.dropFirst(stemLocation.count + 1).dropLast(4)
                for adapter in adapters where name.hasPrefix(adapter + "-") {
                    let number = name.dropFirst(adapter.count + 1)
                    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
                    throw .usage(
                        "\(file.what) is named like a picture of the report \(report) (a failing case of "
                            + "\(quoted: adapter)) and would be overwritten; give it another name.")
                }
            }
        }
    }

    /// Stages `picture` as `<stem>-<name>.svg` in `staged` and returns that path.
    ///
    /// - Throws: exit 73 naming the file when it cannot be created, 74 when
    ///   writing it fails.
    package func stage(_ picture: PlanPicture, named name: String, in staged: StagedFiles) throws(CLIError) -> String {
        let path = "\(stem)-\(name).svg"
        try CLIError.mapping { () throws(IOError) in
            try staged.stage(Array(SVGPlanRenderer.render(picture).utf8), at: path)
        }
        return path
    }

    /// The pictures sink: stages the picture of every case of `run` that
    /// has one as `<stem>-<name>-<n>.svg` in `staged`, *n* the case's
    /// position in its whole suite from 1 (whatever the shard), and links
    /// it from the case's `system-out` as `[[ATTACHMENT|path]]`, which
    /// GitLab shows with the test. The pictures take their names when
    /// `staged` is committed, once the report is written: a run that fails
    /// before leaves none, and the pictures of the run before as they were.
    ///
    /// - Throws: exit 73 naming the file when a picture cannot be created,
    ///   74 when writing it fails.
    package func attach(_ run: SuiteRun, staging staged: StagedFiles) throws(CLIError) -> SuiteRun {
        var run = run
        for (suite, result) in run.results.enumerated() {
            for (index, testCase) in result.cases.enumerated() {
                guard let picture = testCase.picture else { continue }
                let position = result.positions.count == result.cases.count ? result.positions[index] : index
                let path = try stage(picture.picture, named: "\(picture.name)-\(position + 1)", in: staged)
                run.results[suite].cases[index].systemOut = "[[ATTACHMENT|\(path)]]"
            }
        }
        return run
    }
}
