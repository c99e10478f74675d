import UpdateCheckPlatform

/// A copy of an input that can be read only once (standard input, a pipe, a
/// FIFO), in an anonymous temporary file, for readers that go over an input
/// twice (a report's structure checks, then its schema).
package final class SpooledFile {
    /// The largest input copied: 2 GiB.
    package static let maxBytes = 2 << 30

    /// The open copy.
    package let descriptor: Int32

    /// Copies what `path` holds (`-`: standard input; a pipe, FIFO or
    /// device) into an anonymous temporary file, open at its start.
    ///
    /// The file is unlinked at once, so nothing is left behind whatever
    /// ends the process. It lives in `$TMPDIR` (`/tmp` by default).
    /// - Throws: ``IOError/cannotRead(path:problem:)`` when the input cannot
    ///   be read, is larger than ``maxBytes``, or the temporary file cannot
    ///   be written.
    /// - Complexity: O(size), in 1 MiB blocks.
    package init(copying path: String) throws(IOError) {
        let shown = InputFile.displayName(path)
        try InputFile.checkReadable(path)
        let source: Int32
        do {
            source = path == "-" ? System.standardInput : try System.open(path, .readOnly)
        } catch {
            throw .cannotRead(path: shown, problem: error.description)
        }
        defer { if source != System.standardInput { System.closeQuietly(source) } }
        let folder = System.temporaryFolder
        let copy: Int32
        do {
            copy = try AtomicFile.scratch(in: folder, for: "junit-input")
        } catch {
            guard case .cannotCreate(_, let reason) = error else { throw error }
            throw .cannotRead(path: shown, problem: "cannot be copied for a second reading: \(reason)")
        }
        var total = 0
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { block.deallocate() }
        func fail(_ reason: String) -> IOError {
            System.closeQuietly(copy)
            return .cannotRead(path: shown, problem: reason)
        }
        while true {
            let got: Int
            do {
                got = try System.read(source, into: block.baseAddress!, count: block.count)
            } catch {
                throw fail(error.description)
            }
            if got == 0 { break }
            total += got
            guard total <= Self.maxBytes else {
                throw fail("larger than 2 GiB, the most read from a pipe for a schema; save it to a file first")
            }
            do {
                try System.writeAll(copy, block.baseAddress!, count: got)
            } catch {
                throw fail("cannot be copied to \(folder) for a second reading: \(error)")
            }
        }
        try? System.seek(copy, to: 0)
        descriptor = copy
    }

    deinit { System.closeQuietly(descriptor) }

    /// Moves back to the start of the copy, for another reading.
    package func rewind() { try? System.seek(descriptor, to: 0) }
}
