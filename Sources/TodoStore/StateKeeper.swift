import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The state one process last read or wrote, kept decoded for its next change: a sync's
/// steps (load, merge the feed, queue, apply the answers) decode a 10,000-todo file once,
/// not four times.
///
/// It is used only while the state file and its journal hold, byte for byte, what it came
/// from: reading and comparing 3 MB costs a small part of decoding them, and no file time
/// or inode is trusted to tell an edit. Only reads of every todo are kept.
public final class StateKeeper: Sendable {
    private let kept = Mutex<StateFile.Loaded?>(nil)
    private let uses = Mutex(0)

    public init() {}

    /// How many reads the kept state has saved.
    public var timesUsed: Int { uses.withLock { $0 } }

    /// The kept state, when `path` and `journalPath` still hold what it was read from.
    func current(path: String, journalPath: String) -> StateFile.Loaded? {
        guard let loaded = kept.withLock({ $0 }),
            Self.holds(loaded.snapshot.bytes, at: path),
            Self.holds(loaded.snapshot.journalBytes, at: journalPath)
        else { return nil }
        uses.withLock { $0 += 1 }
        return loaded
    }

    /// Keeps `loaded` if it is a read of every todo with no stray journal beside it; a read
    /// of fewer leaves what is kept (which is checked against the files before any use).
    func keep(_ loaded: StateFile.Loaded) {
        guard loaded.snapshot.selection.isAll, !loaded.snapshot.sparse else { return }
        kept.withLock { $0 = loaded.stray == nil ? loaded : nil }
    }

    func forget() {
        kept.withLock { $0 = nil }
    }

    /// Whether the file at `path` holds `expected`, byte for byte (a missing file holds
    /// nothing; one that cannot be read, nothing known).
    private static func holds(_ expected: [UInt8], at path: String) -> Bool {
        do {
            guard let file = try FileIO.open(path) else { return expected.isEmpty }
            defer { close(file.descriptor) }
            guard file.size == expected.count else { return false }
            return FileIO.same(try FileIO.readAll(file, path: path), expected)
        } catch {
            return false
        }
    }
}
