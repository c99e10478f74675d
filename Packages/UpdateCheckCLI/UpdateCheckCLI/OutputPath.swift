import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command will write (`--junit`, `--counterexample`, the pictures
/// beside a report), checked before the command does any work.
///
/// ``prepare(_:inputs:)`` runs first in every command that writes: it
/// refuses an output that is also one of the command's inputs (or another
/// of its outputs) with exit 64, creates an output's missing folders (as
/// pytest's `--junitxml` does), and exits 73 naming the path when it cannot
/// be written there — all before a single check runs, so a bad path costs
/// a second, not a whole run.
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
    package var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Checks the outputs of a command, named by their options, against its
    /// `inputs` and each other, then makes sure each can be written.
    ///
    /// - Throws: exit 64 when an output is the same file as an input or as
    ///   another output; exit 73 naming the path when its folder cannot be
    ///   created or written, or the path is a folder.
    package static func prepare(_ outputs: [(option: String, path: OutputPath)], inputs: [String]) throws(CLIError) {
        let inputFiles = inputs.compactMap { input in FileIdentity(existing: input).map { (input, $0) } }
        for (index, output) in outputs.enumerated() {
            if let identity = FileIdentity(existing: output.path.path) {
                if let input = inputFiles.first(where: { $0.1 == identity }) {
                    throw .usage(
                        "The output '--\(output.option) \(output.path)' is the input \(input.0); write it to another file."
                    )
                }
            }
            for earlier in outputs[..<index] where earlier.path.isSameFile(as: output.path) {
                throw .usage(
                    "'--\(earlier.option)' and '--\(output.option)' name the same file \(output.path); give each its own."
                )
            }
        }
        for output in outputs { try output.path.prepare() }
    }

    /// Creates the missing folders of the path and checks that a file can be
    /// created there.
    ///
    /// - Throws: exit 73 naming the path and the reason.
    package func prepare() throws(CLIError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotCreate("\(path): cannot be written (it is a folder).")
        }
        if manager.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw .cannotCreate("\(path): cannot be written (\(folder) is not a folder).")
            }
        } else {
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreate("\(path): cannot be written (the folder \(folder) cannot be created).")
            }
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw .cannotCreate("\(path): cannot be written (the folder \(folder) is not writable).")
        }
    }

    /// Whether two outputs name one file: the same existing file, or the
    /// same name in the same folder.
    func isSameFile(as other: OutputPath) -> Bool {
        if let mine = FileIdentity(existing: path), let theirs = FileIdentity(existing: other.path) {
            return mine == theirs
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
            == URL(fileURLWithPath: other.path).standardizedFileURL.path
    }
}

/// An existing file's device and inode: equal exactly when two paths
/// (through links, `..` or symlinks) reach the same file.
private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(existing path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
