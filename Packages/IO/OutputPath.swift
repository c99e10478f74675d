import Foundation
import UpdateCheckPlatform

/// A file a command will write (`--junit`, `-o`, `--counterexample`), checked
/// before the command does any work.
///
/// ``prepare(_:inputs:)`` runs first in every command that writes: it
/// refuses an output that is also one of the command's inputs (or another
/// of its outputs, through any symbolic or hard link) with exit 64, creates
/// an output's missing folders (as pytest's `--junitxml` does), then checks
/// the output as ``AtomicFile`` will write it and creates and removes a
/// temporary file beside it. It fails naming the path when the output
/// cannot be written there (removing the folders it created) — all before
/// a single check runs, so a bad path costs a second, not a whole run. It
/// returns the folders it created, which ``removeEmptyFolders(_:)`` takes
/// back at the end of a run that wrote nothing into them.
package struct OutputPath: Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    package var path: String

    /// An output path; `nil` for an empty one.
    package init?(_ path: String) {
        guard !path.isEmpty else { return nil }
        self.path = path
    }

    /// The path as given.
    package var description: String { path }

    /// The folder the file goes in (`.` for a bare name).
    package var folder: String { AtomicFile.folder(of: path) }

    /// Checks the outputs of a command, named by their options, against its
    /// `inputs` and each other, then makes sure each can be written.
    ///
    /// - Returns: the folders created for the outputs, outermost first.
    /// - Throws: ``IOError/conflict(_:)`` when an output is the same file as
    ///   an input or as another output; ``IOError/cannotCreate(path:reason:)``
    ///   naming the path when its folder cannot be created or written, or
    ///   the path is a folder, a read-only file or too long. The folders
    ///   created for earlier outputs are removed again.
    @discardableResult
    package static func prepare(_ outputs: [(option: String, path: OutputPath)], inputs: [String]) throws(IOError)
        -> [String]
    {
        let inputFiles = inputs.compactMap { input in FileIdentity(input: input).map { (input, $0) } }
        var created: [String] = []
        do {
            for (index, output) in outputs.enumerated() {
                // Checked again once the folders exist: `x/../a.xml` reaches
                // `a.xml` only when `x` is there.
                let distinct = { () throws(IOError) in
                    try checkDistinct(output, from: inputFiles, earlier: outputs[..<index])
                }
                try distinct()
                created += try output.path.prepare(then: distinct)
            }
        } catch {
            removeEmptyFolders(created)
            throw error
        }
        return created
    }

    /// Removes those of `folders` (outermost first, as ``prepare(_:inputs:)``
    /// returns them) that are empty, innermost first, so that a run that
    /// failed before writing its outputs leaves no folder it made behind.
    /// A folder that holds anything, a report or a user's file, is kept.
    package static func removeEmptyFolders(_ folders: [String]) {
        for folder in folders.reversed() { try? System.removeFolder(folder) }
    }

    /// Refuses `output` when it reaches one of `inputs` or one of the
    /// `earlier` outputs.
    ///
    /// - Throws: ``IOError/conflict(_:)`` naming both.
    private static func checkDistinct(
        _ output: (option: String, path: OutputPath), from inputs: [(String, FileIdentity)],
        earlier: ArraySlice<(option: String, path: OutputPath)>
    ) throws(IOError) {
        if let identity = FileIdentity(existing: output.path.path),
            let input = inputs.first(where: { $0.1 == identity })
        {
            throw .conflict(
                "The output '--\(output.option) \(output.path)' is the input \(InputFile.displayName(input.0)); "
                    + "write it to another file.")
        }
        for other in earlier where other.path.isSameFile(as: output.path) {
            throw .conflict(
                "'--\(other.option)' and '--\(output.option)' name the same file \(output.path); give each its own.")
        }
    }

    /// Creates the missing folders of the path, then checks that the output
    /// can be written there (``AtomicFile``'s checks, and a temporary file
    /// created and removed); on failure the folders it created are removed.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` naming the path and
    ///   the reason.
    /// `check` runs once the folders exist (before the probe); when it
    /// throws, the folders are removed as well.
    ///
    /// - Returns: the folders it created, outermost first.
    @discardableResult
    package func prepare(then check: () throws(IOError) -> Void = {}) throws(IOError) -> [String] {
        if AtomicFile.openDescriptor(named: path) == nil, let reason = AtomicFile.lengthProblem(path) {
            throw .cannotCreate(path: path, reason: reason)
        }
        var created: [String] = []
        do {
            created = try createFolders()
            try check()
            try AtomicFile(path: path).probe()
        } catch {
            Self.removeEmptyFolders(created)
            throw error
        }
        return created
    }

    /// Creates the folder of the path and its missing parents, and returns
    /// those it created, outermost first.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` when a part of the
    ///   path is not a folder or a folder cannot be created (those created
    ///   so far are removed).
    private func createFolders() throws(IOError) -> [String] {
        var missing: [String] = []
        var current = folder
        var found: FileStatus
        while true {
            do {
                found = try System.status(current)
                break
            } catch {
                guard error == .noSuchFile || error == .notAFolder, current != ".", current != "/" else {
                    throw .cannotCreate(path: path, reason: "the folder \(current): \(error)")
                }
            }
            missing.append(current)
            current = AtomicFile.folder(of: current)
        }
        guard found.kind == .folder else {
            throw .cannotCreate(path: path, reason: "\(current) is not a folder")
        }
        var created: [String] = []
        for missingFolder in missing.reversed() {
            do {
                try System.makeFolder(missingFolder)
            } catch  where error == .exists {
                continue
            } catch {
                Self.removeEmptyFolders(created)
                throw .cannotCreate(path: path, reason: "the folder \(folder) cannot be created")
            }
            created.append(missingFolder)
        }
        return created
    }

    /// Whether two outputs name one file: the same existing file (through
    /// any link), the same descriptor (`-`, `/dev/stdout`), or the same
    /// name in the same folder once every symbolic link is followed, that of
    /// a link whose target does not exist yet included.
    func isSameFile(as other: OutputPath) -> Bool {
        if let mine = FileIdentity(existing: path), let theirs = FileIdentity(existing: other.path), mine == theirs {
            return true
        }
        switch (try? AtomicFile.destination(of: path), try? AtomicFile.destination(of: other.path)) {
        case (.descriptor(let mine)?, .descriptor(let theirs)?):
            return mine == theirs
        case (.file(let mine)?, .file(let theirs)?):
            return Self.location(ofFile: mine) == Self.location(ofFile: theirs)
        default:
            return false
        }
    }

    /// Where the bytes written to the path land, as one absolute name: the
    /// file at the end of its symbolic links, in its folder with every link
    /// and `..` resolved; `nil` for a descriptor (`-`, `/dev/stdout`).
    package var location: String? {
        guard case .file(let file)? = try? AtomicFile.destination(of: path) else { return nil }
        return Self.location(ofFile: file)
    }

    /// `file` (a link at its end not followed) in its resolved folder, or
    /// as given, standardized, while the folder does not exist.
    package static func location(ofFile file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let folder = try? System.realPath(AtomicFile.folder(of: file)) else {
            return URL(fileURLWithPath: file).standardizedFileURL.path
        }
        return (folder.hasSuffix("/") ? folder : folder + "/") + name
    }
}
