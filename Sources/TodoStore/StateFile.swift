#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore

/// The state file on disk, its journal and its undo log: read without the lock, changed
/// under it, by an appended journal line or by rewriting the file atomically (see `Journal`).
public struct StateFile: Sendable {
    /// Where the state lives; a symbolic link is followed so the target is what gets replaced.
    public let path: String
    public let lockTimeout: Double
    /// Told, once, of things a person should know that are not errors (a journal set aside).
    public var notice: @Sendable (String) -> Void = { _ in }
    /// Keeps the whole state decoded between this process's changes; nil: every read decodes.
    public var keeper: StateKeeper?

    public init(path: String, lockTimeout: Double = 5) {
        self.path = Self.resolvingSymlink(path)
        self.lockTimeout = lockTimeout
    }

    var lockPath: String { path + ".lock" }
    var temporaryPath: String { path + ".tmp" }
    public var journalPath: String { path + ".journal" }
    public var undoPath: String { path + ".undo" }

    /// The state file decoded, with its journal applied.
    struct Loaded: Sendable {
        var snapshot: StateCodec.Snapshot
        /// Entries in the journal, and the length of its complete lines; nil when there is
        /// no journal for this generation of the state file.
        var journal: (entries: Int, length: Int)?
        /// A journal lies beside the file that is not its own.
        var stray: Stray?
        /// The journal read and applied, kept for a further read of the same files
        /// (`search`), which then need not decode it again.
        var journalRead: Journal.Contents?
    }

    enum Stray: Sendable {
        /// Left by a crash after the rewrite that folded it in: nothing of it is lost.
        case folded
        /// Another file's, or one whose state file was replaced (a backup put back).
        case foreign(generation: String)
    }

    /// The current state (only the `selection`'s todos); an empty one if there is no file yet.
    public func load(_ selection: TodoSelection = .all) throws(StoreError) -> TodoState {
        try loadUnlocked(selection)?.snapshot.state ?? TodoState()
    }

    /// Reads without the lock. A rewrite between reading the state file and its journal is
    /// seen as a new file at `path` and the reading starts again, so the result is always a
    /// state some command left, never a mix.
    func loadUnlocked(_ selection: TodoSelection) throws(StoreError) -> Loaded? {
        if let kept = kept(selection) { return kept }
        for _ in 0..<5 {
            guard let file = try FileIO.open(path) else { return nil }
            // Open until the check below, so that the inode cannot be reused meanwhile.
            defer { close(file.descriptor) }
            let loaded: Loaded
            do {
                loaded = try decode(file, selection)
            } catch .corrupt(journalPath, _) {
                // Maybe read while a writer cut a torn line and appended: look again, locked.
                break
            }
            // A stray journal is set aside under the lock, below.
            if loaded.stray != nil { break }
            var info = stat()
            if stat(path, &info) == 0, info.st_ino == file.inode, info.st_dev == file.device {
                keeper?.keep(loaded)
                return loaded
            }
        }
        let lock = try acquireLock()
        defer { lock.release() }
        return try loadLocked(selection)
    }

    /// The todos `request` asks for, found in a large file by their UUIDs' text
    /// (`SparseReader.todos(_:journal:)`), read without the lock as `loadUnlocked` reads; nil
    /// when that search is unsure, or a writer keeps replacing the file, or the file is
    /// small: the caller then reads it whole.
    func search(_ request: FurtherRead, journal read: Journal.Contents? = nil) throws(StoreError) -> [Todo]? {
        for _ in 0..<5 {
            guard let file = try FileIO.open(path) else { return [] }
            defer { close(file.descriptor) }
            guard file.size >= SparseReader.minimumSize else { return nil }
            let journal: Journal.Contents?
            do {
                journal = try readJournal(reusing: read)
            } catch {
                // A torn line (a writer appending): the whole read looks again under the lock.
                return nil
            }
            guard let todos = try SparseReader(file: file, path: path).todos(request, journal: journal) else {
                return nil
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_ino == file.inode, info.st_dev == file.device { return todos }
        }
        return nil
    }

    /// The state the keeper holds, when it holds what `selection` reads and the files still
    /// hold what it came from.
    private func kept(_ selection: TodoSelection) -> Loaded? {
        selection.isAll ? keeper?.current(path: path, journalPath: journalPath) : nil
    }

    /// Reads under the lock; a stray journal is set aside at once unless `keepingStray`
    /// (a change sets it aside only once it has succeeded: a failed one writes nothing).
    private func loadLocked(_ selection: TodoSelection, keepingStray: Bool = false) throws(StoreError) -> Loaded? {
        guard let file = try FileIO.open(path) else { return nil }
        defer { close(file.descriptor) }
        let loaded = try decode(file, selection)
        if !keepingStray, let stray = loaded.stray { setAside(stray) }
        keeper?.keep(loaded)
        return loaded
    }

    /// Decodes the state file (whole, or sparsely for a few numbers of a large file), applies
    /// the journal that belongs to it, and reads the undo history if the selection asks.
    private func decode(_ file: FileIO.OpenFile, _ selection: TodoSelection) throws(StoreError) -> Loaded {
        guard file.size > 0 else { throw .corrupt(path: path, reason: "the file is empty") }
        var snapshot: StateCodec.Snapshot
        let journal = try readJournal()
        if selection.isSparse, file.size >= SparseReader.minimumSize,
            let sparse = try SparseReader(file: file, path: path).read(selection, journal: journal)
        {
            snapshot = sparse
        } else {
            let bytes = try FileIO.readAll(file, path: path)
            do {
                snapshot = try StateCodec.decodeSnapshot(bytes, selecting: selection)
            } catch {
                throw .corrupt(path: path, reason: error.description)
            }
        }
        var loaded = Loaded(snapshot: snapshot)
        if let journal {
            if journal.generation == snapshot.generation {
                do {
                    try loaded.snapshot.apply(journal)
                    // Checked on every read, whatever it selects: a read of some todos finds a
                    // line giving one the UUID of another from the heads of the lines.
                    // A sparse read reads the heads of the file's lines for it.
                    if journal.entries.contains(where: { !$0.puts.isEmpty }),
                        let duplicate = selection.everything
                            ? StateCodec.firstRepeatedUUID(loaded.snapshot.state.todos)
                            : loaded.snapshot.sparse
                                ? try SparseReader(file: file, path: path).journalRepeatedUUID(journal)
                                : loaded.snapshot.journalRepeatedUUID()
                    {
                        throw StateCodec.DecodeError.invalid(
                            "the journal gives a second todo the UUID \(duplicate.uuidString.lowercased())")
                    }
                } catch {
                    throw .corrupt(path: journalPath, reason: "\(error)")
                }
                loaded.journal = (journal.entries.count, journal.validLength)
                loaded.journalRead = journal
            } else {
                loaded.stray =
                    journal.generation == snapshot.folded ? .folded : .foreign(generation: journal.generation)
            }
        }
        // The journal may have made a todo recur, or its next occurrence: looked for after it.
        if let wider = selection.missingNextOccurrences(of: loaded.snapshot.state.todos) {
            return try decode(file, wider)
        }
        if selection.history || selection.deletedHistory && selection.everything, loaded.snapshot.version >= 4 {
            // Numbers are never reused: a step's todo whose number is not in the state was deleted.
            let present = selection.history ? [] : Set(loaded.snapshot.state.todos.lazy.map(\.id))
            let keeping: ((Int) -> Bool)? = selection.history ? nil : { !present.contains($0) }
            let steps = try UndoLog(path: undoPath, mode: 0o600).steps(below: loaded.snapshot.undo, keeping: keeping)
            loaded.snapshot.state.history = steps.map(\.entry)
            loaded.snapshot.undoBelow = steps.map(\.below)
        }
        return loaded
    }

    /// The journal beside the file; `read` (an earlier read's) if its bytes are the same.
    private func readJournal(reusing read: Journal.Contents? = nil) throws(StoreError) -> Journal.Contents? {
        guard let file = try FileIO.open(journalPath) else { return nil }
        defer { close(file.descriptor) }
        let bytes = try FileIO.readAll(file, path: journalPath)
        if let read, FileIO.same(read.bytes, bytes) { return read }
        do {
            return try Journal.decode(bytes)
        } catch {
            throw .corrupt(path: journalPath, reason: error.description)
        }
    }

    /// Removes a journal a crash left after folding it in; keeps any other stray journal
    /// under a name of its own, and says so. Call it only while holding the lock.
    private func setAside(_ stray: Stray) {
        switch stray {
        case .folded:
            unlink(journalPath)
        case .foreign(let generation):
            let kept = journalPath + ".orphan-" + String(generation.prefix(8))
            guard rename(journalPath, kept) == 0 else { return }
            FileIO.syncDirectory(of: path)
            notice(
                "\(journalPath) does not belong to \(path) (a backup or a copy put in its place?); "
                    + "its changes were not applied; it was kept as \(kept)")
        }
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
        let loaded = try kept(selection) ?? loadLocked(selection, keepingStray: true)
        let before = loaded?.snapshot.state ?? TodoState()
        let after = try change(before)
        if after != before {
            do {
                try commit(after, from: before, loaded, selection)
            } catch {
                keeper?.forget()
                throw error
            }
        } else if let stray = loaded?.stray {
            setAside(stray)
        }
        return (before, after)
    }

    /// `update` reading every todo.
    public func update<Failure: Error>(
        _ change: (TodoState) throws(Failure) -> TodoState
    ) throws -> (before: TodoState, after: TodoState) {
        try update(.all, change)
    }

    /// Checks everything a rewrite needs first, then records the undo step (so a crash
    /// leaves a step nothing points to, never a pointer to a missing step), then appends a
    /// small change to the journal, or rewrites the state file for a large one or when the
    /// journal is full. A change that fails writes nothing at all.
    private func commit(_ after: TodoState, from before: TodoState, _ loaded: Loaded?, _ selection: TodoSelection)
        throws(StoreError)
    {
        let snapshot = loaded?.snapshot
        // Files from before the undo log (version 3 and older) are rewritten, their history
        // moved to the log, so that an older todo cannot miss a journal or the log.
        let legacy = snapshot.map { $0.version < 4 || $0.generation == nil } ?? false
        // A file of an older version is rewritten in this one before it holds anything new,
        // so that an older todo refuses it rather than drop what it cannot read.
        let outdated = snapshot.map { $0.version < StateCodec.version } ?? false
        var line: [UInt8]?
        if let loaded, !legacy, !outdated, (loaded.journal?.entries ?? 0) < Journal.maxEntries {
            // Sized without the undo pointer, which adds a hundred bytes at most.
            line = Journal.line(from: before, to: after, undo: nil, within: Journal.maxEntryBytes - 256)
        }
        var reusable = snapshot
        if line == nil, let whole = snapshot, !whole.selection.everything {
            // The rewrite copies the todos this command did not read: read them now as the
            // same selection would have without the shortcut (the lock is still held), and
            // decode them all, so damage is reported before anything is written.
            reusable = whole.sparse ? try loadLocked(selection.wholeFile)?.snapshot : whole
            if let reusable { try validateWhole(reusable) }
        }
        // Nothing can fail now but the writing itself: a stray journal goes aside first, so
        // that the new journal does not take its place.
        if let stray = loaded?.stray { setAside(stray) }
        var undo = snapshot?.undo
        if legacy {
            undo = after.history.isEmpty ? nil : try undoLog.push(after.history, onto: nil)
        } else {
            switch UndoLogUpdate(before.history, after.history) {
            case .none: break
            case .push(let entries): undo = try undoLog.push(entries, onto: undo)
            case .pop: undo = snapshot?.undoBelow.last
            }
        }
        if let loaded, line != nil {
            let line = Journal.line(from: before, to: after, undo: undo == snapshot?.undo ? nil : undo)
            try append(line, to: loaded)
            return keepAppended(line, to: loaded, after: after)
        }
        let written = try save(after, undo: undo, reusing: reusable, validated: true)
        keeper?.keep(Loaded(snapshot: written))
    }

    /// Keeps the state `line`, just appended to `loaded`'s journal, left: the line applied
    /// as a read would apply it, and checked to give `after`.
    private func keepAppended(_ line: [UInt8], to loaded: Loaded, after: TodoState) {
        guard let keeper, loaded.snapshot.selection.isAll else { return }
        let header = Journal.header(generation: loaded.snapshot.generation ?? "")
        let start = loaded.journal?.length ?? 0
        let shift = loaded.journal == nil ? 0 : start - header.count
        var next = loaded
        do {
            guard next.snapshot.version >= 4, var contents = try Journal.decode(header + line) else {
                return keeper.forget()
            }
            contents.bytes =
                loaded.journal == nil ? header + line : Array(loaded.snapshot.journalBytes[..<start]) + line
            for index in contents.entries.indices {
                contents.entries[index].puts = contents.entries[index].puts.map {
                    ($0.todo, $0.range.lowerBound + shift..<$0.range.upperBound + shift)
                }
            }
            try next.snapshot.apply(contents)
            next.journal = ((loaded.journal?.entries ?? 0) + contents.entries.count, contents.bytes.count)
        } catch {
            return keeper.forget()
        }
        var expected = after
        expected.history = []
        guard next.snapshot.state == expected else { return keeper.forget() }
        keeper.keep(next)
    }

    private var undoLog: UndoLog { UndoLog(path: undoPath, mode: FileIO.mode(of: path)) }

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
    /// decoded now, with the journal on top, so that damage inside one is reported, not
    /// carried into the new file.
    ///
    /// Returns the file written, as a read with the same selection finds it (but for the undo
    /// history, left out).
    @discardableResult
    func save(
        _ state: TodoState, undo: UndoPointer? = nil, reusing snapshot: StateCodec.Snapshot? = nil,
        validated: Bool = false
    ) throws(StoreError) -> StateCodec.Snapshot {
        try createDirectory()
        if !validated, let snapshot, !snapshot.selection.everything {
            try validateWhole(snapshot)
        }
        let header = StateCodec.Header(
            generation: UUID().uuidString.lowercased(), folded: snapshot?.generation, undo: undo)
        let (bytes, texts) = StateCodec.encodeWithTexts(state, header, reusing: snapshot)
        if let failure = FileIO.replace(path, temporary: temporaryPath, with: bytes, mode: FileIO.mode(of: path)) {
            throw .unwritable(path: path, reason: failure)
        }
        // The rename is durable first: a crash may then leave the journal, which names the
        // generation the new file says it folded in, and is removed by the next command.
        unlink(journalPath)
        // The todos it read, as `snapshot` read them (undecoded ones carried as texts).
        var written = StateCodec.Snapshot(
            state: state, texts: texts, bytes: bytes, generation: header.generation,
            selection: snapshot?.selection ?? .all, folded: header.folded, undo: undo)
        written.state.history = []
        return written
    }

    /// Decodes every todo of `snapshot`'s file and journal, as a full load would.
    private func validateWhole(_ snapshot: StateCodec.Snapshot) throws(StoreError) {
        var whole: StateCodec.Snapshot
        do {
            whole = try StateCodec.decodeSnapshot(snapshot.bytes)
        } catch {
            throw .corrupt(path: path, reason: error.description)
        }
        guard !snapshot.journalBytes.isEmpty else { return }
        do {
            if let journal = try Journal.decode(snapshot.journalBytes) {
                try whole.apply(journal)
                if let duplicate = StateCodec.firstRepeatedUUID(whole.state.todos) {
                    throw StateCodec.DecodeError.invalid(
                        "the journal gives a second todo the UUID \(duplicate.uuidString.lowercased())")
                }
            }
        } catch {
            throw .corrupt(path: journalPath, reason: "\(error)")
        }
    }

    /// Appends `line` to the journal, first cutting off a torn last line or a journal left
    /// from an earlier generation, and syncs it.
    private func append(_ line: [UInt8], to loaded: Loaded) throws(StoreError) {
        let descriptor = open(journalPath, O_WRONLY | O_CREAT | O_CLOEXEC, FileIO.mode(of: path))
        guard descriptor >= 0 else { throw .unwritable(path: journalPath, reason: errnoText()) }
        defer { close(descriptor) }
        let start = loaded.journal?.length ?? 0
        let bytes = loaded.journal == nil ? Journal.header(generation: loaded.snapshot.generation ?? "") + line : line
        var failure: String?
        if ftruncate(descriptor, off_t(start)) != 0 { failure = errnoText() }
        if failure == nil { failure = FileIO.write(bytes, to: descriptor, at: start) }
        if failure == nil, fdatasync(descriptor) != 0 { failure = errnoText() }
        if let failure {
            _ = ftruncate(descriptor, off_t(start))
            throw .unwritable(path: journalPath, reason: failure)
        }
        if loaded.journal == nil { FileIO.syncDirectory(of: path) }
    }

    /// The lock two syncs of this file take turns with (`<state file>.sync-lock`), apart from
    /// the one each change takes: a sync holds it across its network calls.
    public func syncLock(timeout: Double) throws(StoreError) -> FileLock {
        try createDirectory()
        return try FileLock(path: path + ".sync-lock", timeout: timeout)
    }

    private func createDirectory() throws(StoreError) {
        if let failure = PathText.makeDirectories(PathText.directory(of: path), mode: 0o700) {
            throw .unwritable(path: path, reason: failure)
        }
    }

    /// Follows symbolic links, dangling ones too (the target is created on the first save).
    private static func resolvingSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let target = PathText.linkTarget(current)
            else { return current }
            current = target.hasPrefix("/") ? target : PathText.sibling(of: current, named: target)
        }
        return current
    }
}

/// What a change does to the undo log, from how it moved the undo history: `reduce` pushes
/// one step (and may drop the oldest beyond the limit), `undo` pops one; a state given whole
/// to a new file pushes all it holds.
enum UndoLogUpdate: Equatable {
    case none
    case push([HistoryEntry])
    case pop

    init(_ before: [HistoryEntry], _ after: [HistoryEntry]) {
        if after == before {
            self = .none
        } else if after.count < before.count, after == Array(before.dropLast()) {
            self = .pop
        } else {
            // The steps `after` adds: those past the longest end of `before` it starts with.
            var kept = min(before.count, after.count)
            while kept > 0, !before.suffix(kept).elementsEqual(after.prefix(kept)) { kept -= 1 }
            self = kept == after.count ? .none : .push(Array(after.dropFirst(kept)))
        }
    }
}
