import UpdateCheckPlatform

/// Files that belong together (the pictures of one report), put in place
/// all at once or not at all.
///
/// ``stage(_:at:)`` writes each file whole to a temporary file beside its
/// name; ``commit()`` renames every one into place, once whatever they go
/// with (the report) is written; ``discard()`` (or the end of the value)
/// removes the temporary files, so that a run that fails half-way leaves
/// no file of its own and every file of the run before as it was.
///
/// A staged file replaces the entry at its own name, whatever it is: a
/// symbolic link there is replaced, never followed, and a device or FIFO
/// there is never written through. The names are the program's own (a
/// report's name plus a suffix), so nothing the user named is reached
/// through them.
package final class StagedFiles {
    /// The files staged so far: the temporary file and the name it takes.
    private var staged: [(temporary: String, path: String)] = []

    /// No file staged.
    package init() {}

    deinit { discard() }

    /// Writes `bytes` to a temporary file beside `path`, to take that name
    /// at ``commit()``.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` when the name is too
    ///   long, is a folder, or its folder is missing or refuses new files;
    ///   ``IOError/writeFailed(path:reason:)`` when writing fails (a full
    ///   disk). The temporary file is then removed.
    package func stage(_ bytes: [UInt8], at path: String) throws(IOError) {
        if let reason = AtomicFile.lengthProblem(path) { throw .cannotCreate(path: path, reason: reason) }
        let folder = AtomicFile.folder(of: path)
        try AtomicFile.checkFolder(folder, for: path)
        if (try? System.linkStatus(path))?.kind == .folder {
            throw .cannotCreate(path: path, reason: "it is a folder")
        }
        let (descriptor, temporary) = try AtomicFile.makeTemporary(
            in: folder, for: path, reportedAs: path, permissions: 0o666)
        let output = FileOutput(descriptor: descriptor)
        bytes.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress { output.append(base, buffer.count) }
        }
        output.flush()
        var failure = output.failure
        do { try System.close(descriptor) } catch { failure = failure ?? error }
        if let failure {
            AtomicFile.remove(temporary)
            throw .writeFailed(path: path, reason: failure.description)
        }
        staged.append((temporary, path))
    }

    /// Renames every staged file into place, in order.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` naming the first
    ///   file that cannot take its name; the files after it stay staged
    ///   and are removed by ``discard()``.
    package func commit() throws(IOError) {
        while let file = staged.first {
            do {
                try System.rename(file.temporary, to: file.path)
            } catch {
                throw .cannotCreate(path: file.path, reason: "cannot rename into place: \(error)")
            }
            TemporaryFiles.unregister(file.temporary)
            staged.removeFirst()
        }
    }

    /// Removes every staged file that has not taken its name.
    package func discard() {
        for (temporary, _) in staged { AtomicFile.remove(temporary) }
        staged = []
    }
}
