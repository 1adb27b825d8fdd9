#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TodoCore

/// The state file on disk and its journal: read whole, changed under a lock, either by an
/// appended journal line or by rewriting the file atomically (see `Journal`).
public struct StateFile: Sendable {
    /// Where the state lives; a symbolic link is followed so the target is what gets replaced.
    public let path: String
    public let lockTimeout: Double

    public init(path: String, lockTimeout: Double = 5) {
        self.path = Self.resolvingSymlink(path)
        self.lockTimeout = lockTimeout
    }

    var lockPath: String { path + ".lock" }
    var temporaryPath: String { path + ".tmp" }
    public var journalPath: String { path + ".journal" }

    /// The state file decoded, with its journal applied.
    struct Loaded {
        var snapshot: StateCodec.Snapshot
        /// Entries in the journal, and the length of its complete lines; nil when there is
        /// no journal for this generation of the state file.
        var journal: (entries: Int, length: Int)?
    }

    /// The current state (only the `selection`'s todos); an empty one if there is no file yet.
    public func load(_ selection: TodoSelection = .all) throws(StoreError) -> TodoState {
        try loadUnlocked(selection)?.snapshot.state ?? TodoState()
    }

    /// Reads without the lock. A rewrite between reading the state file and its journal is
    /// seen as a new file at `path` and the reading starts again, so the result is always a
    /// state some command left, never a mix.
    func loadUnlocked(_ selection: TodoSelection) throws(StoreError) -> Loaded? {
        for _ in 0..<5 {
            guard let file = try readFile(path) else { return nil }
            // Open until the check below, so that the inode cannot be reused meanwhile.
            defer { close(file.descriptor) }
            let loaded: Loaded
            do {
                loaded = try decode(file.bytes, selection)
            } catch .corrupt(journalPath, _) {
                // Maybe read while a writer cut a torn line and appended: look again, locked.
                break
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_ino == file.inode, info.st_dev == file.device { return loaded }
        }
        let lock = try acquireLock()
        defer { lock.release() }
        return try loadLocked(selection)
    }

    private func loadLocked(_ selection: TodoSelection) throws(StoreError) -> Loaded? {
        guard let file = try readFile(path) else { return nil }
        defer { close(file.descriptor) }
        return try decode(file.bytes, selection)
    }

    /// Decodes the state file's bytes and applies the journal that belongs to them.
    private func decode(_ bytes: [UInt8], _ selection: TodoSelection) throws(StoreError) -> Loaded {
        guard !bytes.isEmpty else { throw .corrupt(path: path, reason: "the file is empty") }
        var snapshot: StateCodec.Snapshot
        do {
            snapshot = try StateCodec.decodeSnapshot(bytes, selecting: selection)
        } catch {
            throw .corrupt(path: path, reason: error.description)
        }
        guard let file = try readFile(journalPath) else { return Loaded(snapshot: snapshot) }
        close(file.descriptor)
        let journal: Journal.Contents?
        do {
            journal = try Journal.decode(file.bytes)
        } catch {
            throw .corrupt(path: journalPath, reason: error.description)
        }
        guard let journal, journal.generation == snapshot.generation else { return Loaded(snapshot: snapshot) }
        snapshot.apply(journal)
        return Loaded(snapshot: snapshot, journal: (journal.entries.count, journal.validLength))
    }

    /// Locks, loads the `selection`'s todos, applies `change`, saves if the state changed,
    /// and unlocks.
    ///
    /// Returns the state before and after. Nothing is written if `change` throws.
    public func update<Failure: Error>(
        _ selection: TodoSelection = .all, _ change: (TodoState) throws(Failure) -> TodoState
    ) throws -> (before: TodoState, after: TodoState) {
        try createDirectory()
        let lock = try acquireLock()
        defer { lock.release() }
        let loaded = try loadLocked(selection)
        let before = loaded?.snapshot.state ?? TodoState()
        let after = try change(before)
        if after != before { try commit(after, from: before, loaded) }
        return (before, after)
    }

    /// `update` reading every todo.
    public func update<Failure: Error>(
        _ change: (TodoState) throws(Failure) -> TodoState
    ) throws -> (before: TodoState, after: TodoState) {
        try update(.all, change)
    }

    /// A small change is appended to the journal; a large one, or the change after the
    /// journal is full, rewrites the state file.
    private func commit(_ after: TodoState, from before: TodoState, _ loaded: Loaded?) throws(StoreError) {
        // Files from before journals (no generation) are rewritten, so that an older todo
        // reading them cannot miss a journal it does not know about.
        guard let loaded, loaded.snapshot.generation != nil, (loaded.journal?.entries ?? 0) < Journal.maxEntries,
            let line = Journal.line(from: before, to: after), line.count <= Journal.maxEntryBytes
        else {
            return try save(after, reusing: loaded?.snapshot)
        }
        try append(line, to: loaded)
    }

    /// The lock; a timeout is reported against the state file, which is what people know.
    private func acquireLock() throws(StoreError) -> FileLock {
        do {
            return try FileLock(path: lockPath, timeout: lockTimeout)
        } catch {
            if case .lockTimeout = error { throw .lockTimeout(path: path, seconds: lockTimeout) }
            throw error
        }
    }

    /// Writes `state` to a temporary file, syncs it, renames it over the state file, and
    /// syncs the directory, so a crash at any moment leaves the old or the new state. The
    /// journal, now part of the file, is then removed. Call it only while holding the lock.
    ///
    /// The todos a selection left undecoded were only checked for their layout; they are
    /// decoded now, so that damage inside one is reported, not carried into the new file.
    func save(_ state: TodoState, reusing snapshot: StateCodec.Snapshot? = nil) throws(StoreError) {
        try createDirectory()
        if let snapshot, !snapshot.selection.everything {
            do {
                _ = try StateCodec.decodeSnapshot(snapshot.bytes)
            } catch {
                throw .corrupt(path: path, reason: error.description)
            }
        }
        let generation = UUID().uuidString.lowercased()
        let bytes = StateCodec.encode(state, generation: generation, reusing: snapshot)
        let mode = fileMode()
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: errnoText()) }
        var failure: String?
        if fchmod(descriptor, mode) != 0 { failure = errnoText() }
        if failure == nil { failure = Self.write(bytes, to: descriptor, at: 0) }
        if failure == nil, fsync(descriptor) != 0 { failure = errnoText() }
        close(descriptor)
        if failure == nil, rename(temporaryPath, path) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporaryPath)
            throw .unwritable(path: path, reason: failure)
        }
        // The rename is made durable first: a crash may then leave the journal, which names
        // the previous generation and is ignored, but never the old file without its journal.
        syncDirectory()
        unlink(journalPath)
    }

    /// Appends `line` to the journal, first cutting off a torn last line or a journal left
    /// from an earlier generation, and syncs it.
    private func append(_ line: [UInt8], to loaded: Loaded) throws(StoreError) {
        let descriptor = open(journalPath, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode())
        guard descriptor >= 0 else { throw .unwritable(path: journalPath, reason: errnoText()) }
        defer { close(descriptor) }
        let start = loaded.journal?.length ?? 0
        let bytes = loaded.journal == nil ? Journal.header(generation: loaded.snapshot.generation ?? "") + line : line
        var failure: String?
        if ftruncate(descriptor, off_t(start)) != 0 { failure = errnoText() }
        if failure == nil { failure = Self.write(bytes, to: descriptor, at: start) }
        if failure == nil, fdatasync(descriptor) != 0 { failure = errnoText() }
        if let failure {
            _ = ftruncate(descriptor, off_t(start))
            throw .unwritable(path: journalPath, reason: failure)
        }
        if loaded.journal == nil { syncDirectory() }
    }

    /// The state file's permissions, which its temporary copy and journal take too.
    private func fileMode() -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
    }

    /// The file's bytes, inode and still-open descriptor (the caller closes it), or nil if
    /// it does not exist.
    private func readFile(_ path: String) throws(StoreError) -> (bytes: [UInt8], inode: ino_t, device: dev_t, descriptor: Int32)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: errnoText())
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw .unreadable(path: path, reason: errnoText())
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable(path: path, reason: "not a regular file")
        }
        // Read into uninitialised memory: zeroing 3 MB first cost a tenth of a `show`.
        var capacity = Int(info.st_size) + 1
        var failure: Int32 = 0
        var bytes: [UInt8] = []
        while true {
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, filled in
                filled = 0
                while filled < buffer.count {
                    let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                    if count < 0, errno == EINTR { continue }
                    if count < 0 { failure = errno }
                    if count <= 0 { return }
                    filled += count
                }
            }
            // The file grew while being read (only possible without the lock): read it again.
            guard failure == 0, bytes.count == capacity else { break }
            capacity *= 2
            lseek(descriptor, 0, SEEK_SET)
        }
        if failure != 0 {
            close(descriptor)
            throw .unreadable(path: path, reason: errnoText(failure))
        }
        return (bytes, info.st_ino, info.st_dev, descriptor)
    }

    private func createDirectory() throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .unwritable(path: path, reason: "\(directory) is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: "cannot create directory \(directory)")
        }
    }

    private func syncDirectory() {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            written += count
        }
        return nil
    }

    /// Follows symbolic links, dangling ones too (the target is created on the first save).
    private static func resolvingSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return current }
            current = target.hasPrefix("/")
                ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        return current
    }
}
