import UpdateCheckPlatform

/// The one way UpdateCheck writes an output file (reports, pictures,
/// counterexamples, merged reports): a reader never sees half a file, a
/// failure leaves any previous file untouched, and nothing that is not a
/// regular file is ever replaced.
///
/// What happens depends on what `path` names when the file is prepared:
///
/// - nothing, or a regular file: the content goes to a temporary file
///   `.<name>.XXXXXX.tmp` in the same folder (created with mode 0666 less
///   the umask), renamed over `path` when complete; a file it replaces
///   keeps its permissions (and its owner and group where the process may
///   set them). An existing file that the process may not write (a
///   read-only file, for a user other than root) is refused, as a shell's
///   `>` refuses it. A file with several hard links is replaced under this
///   name only: its other names keep the previous content;
/// - a symbolic link: the link is followed (up to 40 links) and its final
///   target is written as above, so the link stays a link and points to the
///   new content; a link to a missing file creates that file;
/// - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`
///   (directly or through links): the descriptor the process already has
///   open is written, at its current position, whatever it leads to (a
///   terminal, a pipe, a file the shell opened); nothing is created or
///   renamed;
/// - another character device (`/dev/null`, a terminal) or a FIFO: the
///   content is written through, in place; nothing is created or renamed.
///   A FIFO that no process opens for reading within ``readerWait`` is an
///   error rather than a wait without end;
/// - a folder, a block device or a socket: refused.
///
/// Content that is written through cannot be atomic: a failure or a signal
/// part-way leaves what was written so far with the reader.
///
/// Errors: ``IOError/cannotCreate(path:reason:)`` when the
/// output cannot be created or put in place,
/// ``IOError/writeFailed(path:reason:)`` when writing its bytes
/// fails (a full disk, an I/O error, a file-size limit, a closed pipe).
///
/// Preparing (``init(path:)``) only checks; ``probe()`` creates and removes
/// a temporary file once, so that a folder that refuses files shows before
/// any work. The temporary file is created by ``open()``, which callers
/// invoke once their content is complete, and is removed by
/// ``commit(syncing:)``, ``discard()`` or, in a process that called
/// ``installSignalHandling()``, by SIGINT, SIGTERM, SIGHUP or another
/// signal that ends the process (``Signals/alsoEnding``).
package final class AtomicFile {
    /// How the content reaches the target.
    private enum Mode {
        /// A temporary file renamed over the target.
        case replace
        /// Written straight into the target (a device, or a FIFO when
        /// `waitsForReader`).
        case writeThrough(waitsForReader: Bool)
        /// Written to a descriptor the process already has open.
        case stream(Int32)
    }

    /// What a path leads to once its links are followed.
    package enum Destination: Equatable {
        /// A path in the file system (which may not exist yet).
        case file(String)
        /// A descriptor of this process (`-`, `/dev/stdout`, `/dev/fd/N`).
        case descriptor(Int32)
    }

    /// The path as given (named in errors).
    package let path: String
    /// The file that is actually written: `path` with symbolic links followed.
    package let target: String
    /// The open descriptor after ``open()``, else -1.
    package private(set) var descriptor: Int32 = -1
    /// How long ``open()`` waits for a process to open a FIFO for reading
    /// (10 seconds unless changed before ``open()``).
    package var readerWait: Duration = .seconds(10)
    /// The temporary file's path while one exists.
    private var temporaryPath: String?
    private let mode: Mode

    /// Checks that `path` can be written, creating nothing.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` when the
    ///   folder is missing or not writable, `path` is a folder, a block
    ///   device, a socket or a read-only file, a name or the path is too long,
    ///   a descriptor it names is not open for writing, or its symbolic links
    ///   do not end.
    package init(path: String) throws(IOError) {
        self.path = path
        switch try AtomicFile.destination(of: path) {
        case .descriptor(let number):
            target = path
            mode = .stream(number)
            guard System.isWritable(number) else {
                throw .cannotCreate(
                    path: path, reason: "\(AtomicFile.describe(descriptor: number)) is not open for writing")
            }
            return
        case .file(let resolved):
            target = resolved
        }
        if let reason = AtomicFile.lengthProblem(target) { throw .cannotCreate(path: path, reason: reason) }
        let existing: FileStatus?
        do {
            existing = try System.status(target)
        } catch {
            guard error == .noSuchFile else { throw .cannotCreate(path: path, reason: error.description) }
            existing = nil
        }
        switch existing?.kind {
        case nil: mode = .replace
        case .regular:
            guard (try? System.isAccessible(target, for: .write)) != nil else {
                throw .cannotCreate(path: path, reason: "the file is read-only")
            }
            mode = .replace
        case .characterDevice:
            mode = .writeThrough(waitsForReader: false)
            return
        case .fifo:
            mode = .writeThrough(waitsForReader: true)
            return
        case .folder: throw .cannotCreate(path: path, reason: "it is a folder")
        case .blockDevice: throw .cannotCreate(path: path, reason: "it is a block device, which is never replaced")
        case .symbolicLink, .socket:
            throw .cannotCreate(path: path, reason: "it is not a regular file, which is never replaced")
        }
        try AtomicFile.checkFolder(AtomicFile.folder(of: target), for: path)
    }

    /// Checks that `folder`, where the file of `path` goes, is a folder
    /// this process may create files in.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` naming `path`.
    package static func checkFolder(_ folder: String, for path: String) throws(IOError) {
        let folderKind: FileStatus.Kind
        do {
            folderKind = try System.status(folder).kind
        } catch {
            throw .cannotCreate(
                path: path,
                reason: error == .noSuchFile ? "the folder \(folder) does not exist" : "the folder \(folder): \(error)")
        }
        guard folderKind == .folder else {
            throw .cannotCreate(path: path, reason: "\(folder) is not a folder")
        }
        guard (try? System.isAccessible(folder, for: [.write, .enter])) != nil else {
            throw .cannotCreate(path: path, reason: "the folder \(folder) is not writable")
        }
    }

    deinit { discard() }

    /// Whether the content is written in place (a device, a FIFO or an open
    /// descriptor) rather than through a temporary file.
    package var writesThrough: Bool {
        if case .replace = mode { return false }
        return true
    }

    /// A folder for scratch files that belong with this output: the
    /// target's folder, or the system's temporary folder for a device, a
    /// FIFO or a descriptor.
    package var scratchFolder: String {
        if case .replace = mode { return AtomicFile.folder(of: target) }
        return System.temporaryFolder
    }

    /// Creates the temporary file and removes it at once, so that a folder
    /// that refuses new files (read-only, full of inodes, a name too long
    /// with the temporary's affixes) is reported before any work. Does
    /// nothing for a device, a FIFO or a descriptor.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)``.
    package func probe() throws(IOError) {
        guard case .replace = mode else { return }
        let (opened, temporary) = try AtomicFile.makeTemporary(
            in: AtomicFile.folder(of: target), for: target, reportedAs: path, permissions: 0o600)
        System.closeQuietly(opened)
        AtomicFile.remove(temporary)
    }

    /// Creates the temporary file (or opens the device, FIFO or
    /// descriptor) and returns its descriptor. A FIFO is opened once a
    /// process opens it for reading, waiting up to ``readerWait``.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)``.
    @discardableResult
    package func open() throws(IOError) -> Int32 {
        if descriptor >= 0 { return descriptor }
        switch mode {
        case .replace:
            let (opened, temporary) = try AtomicFile.makeTemporary(
                in: AtomicFile.folder(of: target), for: target, reportedAs: path, permissions: 0o666)
            descriptor = opened
            temporaryPath = temporary
        case .writeThrough(let waitsForReader):
            descriptor = try openInPlace(waitingForReader: waitsForReader)
        case .stream(let number):
            do {
                descriptor = try System.duplicate(number)
            } catch {
                throw .cannotCreate(
                    path: path, reason: "cannot use \(AtomicFile.describe(descriptor: number)): \(error)")
            }
        }
        return descriptor
    }

    /// Opens the device or FIFO without blocking (a FIFO without a reader
    /// fails with ENXIO, retried until ``readerWait`` has passed), then
    /// makes the descriptor blocking again so that a slow reader slows the
    /// writes instead of failing them.
    private func openInPlace(waitingForReader: Bool) throws(IOError) -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + readerWait
        while true {
            let failure: Errno
            do {
                let opened = try System.open(target, [.writeOnly, .nonBlocking, .noControllingTerminal])
                try? System.setNonBlocking(opened, false)
                return opened
            } catch {
                failure = error
            }
            guard waitingForReader, failure == .noReader else {
                throw .cannotCreate(path: path, reason: "cannot open: \(failure)")
            }
            guard clock.now < deadline else {
                throw .cannotCreate(
                    path: path,
                    reason: "no process opened the FIFO for reading within \(AtomicFile.seconds(readerWait))")
            }
            System.sleep(microseconds: 20_000)
        }
    }

    /// Flushes (optionally to disk), keeps the permissions (and owner) of
    /// a file being replaced and renames the temporary file over the
    /// target; for a device, FIFO or descriptor, closes it.
    ///
    /// - Throws: ``IOError/writeFailed(path:reason:)`` when the
    ///   flush or close fails, ``IOError/cannotCreate(path:reason:)``
    ///   when the permissions cannot be set or the rename fails; the
    ///   temporary file is then removed and any previous file stays as it was.
    package func commit(syncing: Bool) throws(IOError) {
        defer { discard() }
        guard descriptor >= 0 else { throw .misuse("commit() of \(path) before open()") }
        let closing = descriptor
        descriptor = -1
        guard let temporaryPath else {
            do { try System.close(closing) } catch { throw writeFailure("cannot close", error) }
            return
        }
        if let replaced = try? System.status(target) {
            // Replacing: keep the owner where allowed (root), and the permissions.
            let (owner, group) = System.effectiveOwner
            if replaced.owner != owner || replaced.group != group {
                try? System.setOwner(closing, owner: replaced.owner, group: replaced.group)
            }
            do {
                try System.setPermissions(closing, replaced.permissions)
            } catch {
                System.closeQuietly(closing)
                throw failure("cannot set permissions", error)
            }
        }
        if syncing {
            do {
                try System.syncToDisk(closing)
            } catch {
                System.closeQuietly(closing)
                throw writeFailure("cannot flush to disk", error)
            }
        }
        do { try System.close(closing) } catch { throw writeFailure("cannot close", error) }
        do {
            try System.rename(temporaryPath, to: target)
        } catch {
            throw failure("cannot rename into place", error)
        }
        TemporaryFiles.unregister(temporaryPath)
        self.temporaryPath = nil
    }

    /// Closes and removes the temporary file (no effect after a commit).
    package func discard() {
        if descriptor >= 0 {
            System.closeQuietly(descriptor)
            descriptor = -1
        }
        if let temporaryPath {
            AtomicFile.remove(temporaryPath)
            self.temporaryPath = nil
        }
    }

    /// An error naming `path`, what could not be done and the system's
    /// reason: the output cannot be created or put in place.
    package func failure(_ what: String, _ error: Errno) -> IOError {
        .cannotCreate(path: path, reason: "\(what): \(error)")
    }

    /// An error naming `path`, what failed and the system's reason:
    /// writing the output's bytes failed.
    package func writeFailure(_ what: String, _ error: Errno) -> IOError {
        .writeFailed(path: path, reason: "\(what): \(error)")
    }

    /// An error naming `path` and why writing its bytes failed.
    package func writeFailure(reason: String) -> IOError {
        .writeFailed(path: path, reason: reason)
    }

    /// Writes `bytes` to `path` as one atomic output (see ``AtomicFile``).
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` or
    ///   ``IOError/writeFailed(path:reason:)`` naming the file
    ///   and the reason; any previous file is then untouched.
    package static func write(_ bytes: some Sequence<UInt8>, to path: String) throws(IOError) {
        let file = try AtomicFile(path: path)
        let content = Array(bytes)
        let output = FileOutput(descriptor: try file.open())
        content.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress { output.append(base, buffer.count) }
        }
        output.flush()
        if let failure = output.failure {
            file.discard()
            throw file.writeFailure(reason: failure.description)
        }
        try file.commit(syncing: false)
    }

    /// Writes `text` as UTF-8 to `path` as one atomic output.
    package static func write(_ text: String, to path: String) throws(IOError) {
        try write(text.utf8, to: path)
    }

    /// The folder holding `path` (`.` for a bare file name, `/` for a file
    /// at the root); trailing slashes of the folder are kept as given.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Why `path` cannot name a file whatever the file system: its last
    /// name longer than `NAME_MAX` bytes, or the whole longer than
    /// `PATH_MAX - 1` bytes; `nil` when neither.
    package static func lengthProblem(_ path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        let nameBytes = name.utf8.count
        if nameBytes > System.maximumNameBytes {
            return "the name is \(nameBytes) bytes long; a file name may have at most \(System.maximumNameBytes)"
        }
        let pathBytes = path.utf8.count
        if pathBytes >= System.maximumPathBytes {
            return "the path is \(pathBytes) bytes long; a path may have at most \(System.maximumPathBytes - 1)"
        }
        return nil
    }

    /// Appends `text` to the file at `path`, whole or not at all.
    ///
    /// A regular file is replaced by a copy of its content (copied in the
    /// kernel where the system can, never held in memory, whatever its size)
    /// followed by `text`, through a temporary file like every write, so a
    /// reader never sees half of it and a failure leaves it as it was; a
    /// missing file is created. A stream, device or FIFO (`-`,
    /// `/dev/stdout`) is written through, which appends by itself. As with
    /// every replacement, a program that holds the old file open (a shell's
    /// `{ …; } >> file` around the command) goes on writing to the old file.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` when the file to
    ///   append to cannot be read; otherwise as the writes of this type.
    /// - Complexity: O(*n* + *t*) bytes copied for a file of *n* bytes and
    ///   *t* bytes of text, in O(1) memory beyond `text`.
    package static func append(_ text: String, to path: String) throws(IOError) {
        guard let existing = try openForAppending(path) else { return try write(text, to: path) }
        defer { System.closeQuietly(existing.descriptor) }
        let file = try AtomicFile(path: path)
        let output = FileOutput(descriptor: try file.open())
        output.copy(from: existing.descriptor, start: 0, length: existing.size)
        output.append(text)
        output.flush()
        if let failure = output.failure {
            file.discard()
            throw file.writeFailure(reason: failure.description)
        }
        try file.commit(syncing: false)
    }

    /// Checks, before any work, that ``append(_:to:)`` can read the file it
    /// would append to: nothing to check for a missing file, a stream, a
    /// device or a FIFO.
    ///
    /// - Throws: ``IOError/cannotCreate(path:reason:)`` naming `path` when
    ///   it is a regular file this process may not read.
    package static func checkAppendable(_ path: String) throws(IOError) {
        if let existing = try openForAppending(path) { System.closeQuietly(existing.descriptor) }
    }

    /// The regular file `path` leads to, open for reading, with its size;
    /// `nil` when `path` leads to nothing, a descriptor, a device or a FIFO.
    private static func openForAppending(_ path: String) throws(IOError) -> (descriptor: Int32, size: Int64)? {
        guard case .file(let target) = try destination(of: path), (try? System.status(target))?.kind == .regular
        else { return nil }
        let descriptor: Int32
        do {
            descriptor = try System.open(target, [.readOnly, .nonBlocking, .noControllingTerminal])
        } catch {
            throw .cannotCreate(path: path, reason: "cannot read the file to append to: \(error)")
        }
        do {
            let status = try System.status(of: descriptor)
            guard status.kind == .regular else {
                System.closeQuietly(descriptor)
                return nil
            }
            return (descriptor, status.size)
        } catch {
            System.closeQuietly(descriptor)
            throw .cannotCreate(path: path, reason: "cannot read the file to append to: \(error)")
        }
    }

    /// What `path` leads to: the descriptor it names (`-`, `/dev/stdout`,
    /// `/dev/fd/N`, `/proc/self/fd/N`, directly or through links), else the
    /// path with every symbolic link at its end followed (the link's folder
    /// anchors a relative link); a path that does not exist is returned as
    /// it is.
    package static func destination(of path: String) throws(IOError) -> Destination {
        var current = path
        for _ in 0..<40 {
            if let number = openDescriptor(named: current) { return .descriptor(number) }
            guard (try? System.linkStatus(current))?.kind == .symbolicLink else { return .file(current) }
            let link: String
            do {
                link = try System.linkTarget(current)
            } catch {
                throw .cannotCreate(path: path, reason: "cannot read the link \(current): \(error)")
            }
            guard !link.isEmpty else {
                throw .cannotCreate(path: path, reason: "cannot read the link \(current): it is empty")
            }
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw .cannotCreate(path: path, reason: "more than 40 symbolic links")
    }

    /// The descriptor `path` names: `-` and `/dev/stdout` are 1,
    /// `/dev/stderr` 2, `/dev/stdin` 0, `/dev/fd/N` is N, and so is
    /// `/proc/self/fd/N`, `/proc/thread-self/fd/N` and
    /// `/proc/<this process>/fd/N` on Linux (see ``System/descriptorFolders``).
    package static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return System.standardOutput
        case "/dev/stderr": return System.standardError
        case "/dev/stdin": return System.standardInput
        default: break
        }
        for prefix in System.descriptorFolders
        where path.hasPrefix(prefix) {
            let number = path.utf8.dropFirst(prefix.utf8.count)
            guard !number.isEmpty, number.count <= 9, number.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return nil
            }
            return Int32(String(decoding: number, as: UTF8.self))
        }
        return nil
    }

    /// Whether `path` leads to this process's standard output (`-`,
    /// `/dev/stdout`, `/dev/fd/1`, or a link to one of them).
    package static func isStandardOutput(_ path: String) -> Bool {
        (try? destination(of: path)) == .descriptor(System.standardOutput)
    }

    /// `duration` for a message: `10 seconds`, `0.1 seconds`.
    package static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        if fraction == 0 { return whole == 1 ? "1 second" : "\(whole) seconds" }
        return "\(Double(whole) + Double(fraction) / 1e18) seconds"
    }

    /// How errors name descriptor `number`.
    package static func describe(descriptor number: Int32) -> String {
        switch number {
        case System.standardInput: "standard input"
        case System.standardOutput: "standard output"
        case System.standardError: "standard error"
        default: "descriptor \(number)"
        }
    }

    /// Creates `.<name>.XXXXXX.tmp` in `folder` (the name shortened so that
    /// the whole fits in `NAME_MAX` bytes) with `O_EXCL` and `permissions`
    /// less the umask, registered for removal on a signal before it exists.
    ///
    /// - Returns: the open descriptor (read and write) and the path; the
    ///   caller removes the file with ``remove(_:)``.
    package static func makeTemporary(
        in folder: String, for path: String, reportedAs shown: String, permissions: UInt32
    ) throws(IOError) -> (Int32, String) {
        let name = path.split(separator: "/").last.map(String.init) ?? "report"
        let affixes = ".".utf8.count + ".XXXXXX.tmp".utf8.count
        var stem = Substring(name)
        while stem.utf8.count + affixes > System.maximumNameBytes { stem = stem.dropLast() }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        var failure = Errno.exists
        for _ in 0..<100 {
            let random = String(decoding: (0..<6).map { _ in letters.randomElement(using: &generator)! }, as: UTF8.self)
            let temporary = folder + "/." + stem + "." + random + ".tmp"
            TemporaryFiles.register(temporary)
            do {
                let opened = try System.open(
                    temporary, [.readWrite, .create, .exclusive, .noControllingTerminal], permissions: permissions)
                return (opened, temporary)
            } catch {
                failure = error
            }
            TemporaryFiles.unregister(temporary)
            guard failure == .exists else { break }
        }
        throw .cannotCreate(path: shown, reason: "cannot create a file in \(folder): \(failure)")
    }

    /// Removes a temporary file made by ``makeTemporary(in:for:reportedAs:permissions:)``
    /// and forgets it.
    package static func remove(_ temporary: String) {
        try? System.remove(temporary)
        TemporaryFiles.unregister(temporary)
    }

    /// Creates an anonymous scratch file in `folder` (unlinked at once, so
    /// nothing is left behind even if the process dies).
    package static func scratch(in folder: String, for path: String) throws(IOError) -> Int32 {
        let (descriptor, temporary) = try makeTemporary(in: folder, for: path, reportedAs: path, permissions: 0o600)
        remove(temporary)
        return descriptor
    }

    /// Prepares the process for writing outputs: SIGINT, SIGTERM, SIGHUP
    /// and the other signals that end a process (``Signals/alsoEnding``)
    /// remove every temporary file of an unfinished output before the
    /// process ends with that signal (its default action), a mapped input
    /// that another program shortens ends the run with 66 naming it
    /// (``Signals/handleMappedFileFaults(with:)``), and SIGXFSZ is
    /// ignored, so that a file-size limit (`ulimit -f`) fails the write
    /// with EFBIG, reported as an error, instead of killing the process.
    /// For processes, not libraries: it replaces the handlers of those
    /// signals.
    package static func installSignalHandling() {
        TemporaryFiles.installHandlers()
    }
}
