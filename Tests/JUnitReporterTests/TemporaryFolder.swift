import Foundation

/// A fresh folder per test process for the reports the tests write.
final class TemporaryFolder: Sendable {
    /// The folder shared by the tests of this process.
    static let shared = TemporaryFolder()

    /// The folder's path.
    let root: String

    private init() {
        let base = FileManager.default.temporaryDirectory.path
        root = base + "/junit-reporter-tests-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A path inside the folder, in a fresh subfolder so tests never collide.
    func path(_ name: String) -> String {
        let folder = root + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/" + name
    }
}
