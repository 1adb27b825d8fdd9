#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore
import TodoWire

/// Where the undo history stands, as the state file and its journal record it.
///
/// Steps form a chain through `prev` in the log; `depth` counts the steps below and
/// including the top, `floor` is the depth at and below which steps fell out of the
/// `TodoState.historyLimit` window (they are never undone again, as with a bounded stack).
struct UndoPointer: Equatable, Sendable {
    /// The log's random id: a log beside a state file that names another one is not its own.
    var log: String
    /// The seq of the step `undo` reverts next; 0 for none.
    var head = 0
    var depth = 0
    var floor = 0
    /// The seq the next step gets.
    var next = 1

    /// The pointer after `step` is pushed as seq `next`.
    func pushing() -> UndoPointer {
        var pushed = self
        pushed.head = next
        pushed.depth = depth + 1
        pushed.floor = max(floor, pushed.depth - TodoState.historyLimit)
        pushed.next = next + 1
        return pushed
    }
}

/// The undo history in `<state file>.undo`: one step a line, appended, read only by `undo`.
///
/// Keeping the steps out of the state file means no other command reads or parses them,
/// and recording one appends a line instead of rewriting the others. A step is appended and
/// synced before the state that names it, so a crash in between leaves a step nothing
/// points to; the next step takes the same seq, and the later line wins.
///
///     {"format": "todo-undo", "version": 1, "log": "5b1e…", "first": 1}
///     {"seq": 1, "prev": 0, "depth": 1, "step": {"summary": "add #1 \"milk\"", "at": …, "before": […]}}
struct UndoLog {
    static let formatName = "todo-undo"
    static let version = 1
    /// The bytes of history kept: older steps beyond it cannot be undone (the newest one
    /// always can, however large).
    static let maxBytes = 32 << 20

    let path: String
    /// The state file's permissions, which a new log takes.
    let mode: mode_t

    struct Record {
        var seq: Int
        var prev: Int
        var depth: Int
        var entry: HistoryEntry
        var length: Int
    }

    /// Appends `entries` (oldest first) above `pointer`, in a new log if `pointer` names none
    /// or another; returns the pointer to the last.
    func push(_ entries: [HistoryEntry], onto pointer: UndoPointer?) throws(StoreError) -> UndoPointer {
        let header = try readHeader()
        if let pointer, let header, header.log == pointer.log {
            return try append(entries, onto: pointer, first: header.first)
        }
        // Another state file's log (this one was replaced, or started anew): kept, not lost.
        if let header { setAside(header.log) }
        var fresh = UndoPointer(log: UUID().uuidString.lowercased())
        var bytes = Self.header(log: fresh.log, first: 1)
        for entry in entries {
            bytes += Self.line(entry, seq: fresh.next, prev: fresh.head, depth: fresh.depth + 1)
            fresh = fresh.pushing()
        }
        if let failure = FileIO.replace(path, temporary: path + ".tmp", with: bytes, mode: mode) {
            throw .unwritable(path: path, reason: failure)
        }
        return fresh
    }

    private func setAside(_ log: String) {
        if rename(path, path + ".orphan-" + String(log.prefix(8))) == 0 { FileIO.syncDirectory(of: path) }
    }

    /// The undoable steps below `pointer`, oldest first, each with the pointer undoing it leaves.
    /// With `keeping`, each step holds only the prior versions of the todos it accepts by number.
    func steps(below pointer: UndoPointer?, keeping: ((Int) -> Bool)? = nil) throws(StoreError) -> [(
        entry: HistoryEntry, below: UndoPointer
    )] {
        guard let pointer, pointer.head > 0, let records = try readRecords(log: pointer.log, keeping: keeping) else {
            return []
        }
        return Self.chain(records, from: pointer).reversed().map { record in
            var below = pointer
            below.head = record.prev
            below.depth = record.depth - 1
            return (record.entry, below)
        }
    }

    // MARK: - Writing

    private func append(_ entries: [HistoryEntry], onto pointer: UndoPointer, first: Int) throws(StoreError)
        -> UndoPointer
    {
        guard let file = try FileIO.open(path, flags: O_RDWR) else {
            throw .unwritable(path: path, reason: "it vanished")
        }
        defer { close(file.descriptor) }
        // A line cut short by a crash is cut off, so that the next one starts on its own line.
        let end = try completeLength(file)
        var bytes: [UInt8] = []
        var top = pointer
        for entry in entries {
            bytes += Self.line(entry, seq: top.next, prev: top.head, depth: top.depth + 1)
            top = top.pushing()
        }
        var failure: String?
        if end != file.size, ftruncate(file.descriptor, off_t(end)) != 0 { failure = errnoText() }
        if failure == nil { failure = FileIO.write(bytes, to: file.descriptor, at: end) }
        if failure == nil, fdatasync(file.descriptor) != 0 { failure = errnoText() }
        if let failure {
            _ = ftruncate(file.descriptor, off_t(end))
            throw .unwritable(path: path, reason: failure)
        }
        if end + bytes.count > 2 * Self.maxBytes || top.next - first > 3 * TodoState.historyLimit {
            try compact(below: top)
        }
        return top
    }

    /// Rewrites the log with only the steps `pointer` can still reach.
    private func compact(below pointer: UndoPointer) throws(StoreError) {
        guard let records = try readRecords(log: pointer.log) else { return }
        let kept = Self.chain(records, from: pointer).reversed()
        var bytes = Self.header(log: pointer.log, first: kept.first?.seq ?? pointer.next)
        for record in kept {
            bytes += Self.line(record.entry, seq: record.seq, prev: record.prev, depth: record.depth)
        }
        if let failure = FileIO.replace(path, temporary: path + ".tmp", with: bytes, mode: FileIO.mode(of: path)) {
            throw .unwritable(path: path, reason: failure)
        }
    }

    /// The length of the file up to its last line break.
    private func completeLength(_ file: FileIO.OpenFile) throws(StoreError) -> Int {
        // Almost always the last byte is the line break: look at it alone first.
        if file.size > 0, FileIO.read(file.descriptor, at: file.size - 1, count: 1) == [0x0A] { return file.size }
        var end = file.size
        while end > 0 {
            let start = max(0, end - 65536)
            guard let chunk = FileIO.read(file.descriptor, at: start, count: end - start) else {
                throw .unreadable(path: path, reason: errnoText())
            }
            if let newline = chunk.lastIndex(of: 0x0A) { return start + newline + 1 }
            end = start
        }
        return 0
    }

    static func header(log: String, first: Int) -> [UInt8] {
        var out = JSONWriter(capacity: 128)
        out.raw("{\"format\": \"todo-undo\", \"version\": ")
        out.int(version)
        out.raw(", \"log\": ")
        out.string(log)
        out.raw(", \"first\": ")
        out.int(first)
        out.raw("}\n")
        return out.bytes
    }

    static func line(_ entry: HistoryEntry, seq: Int, prev: Int, depth: Int) -> [UInt8] {
        var out = JSONWriter(capacity: 512)
        out.raw("{\"seq\": ")
        out.int(seq)
        out.raw(", \"prev\": ")
        out.int(prev)
        out.raw(", \"depth\": ")
        out.int(depth)
        out.raw(", \"step\": ")
        StateCodec.write(entry, to: &out)
        out.raw("}\n")
        return out.bytes
    }

    // MARK: - Reading

    /// The steps reachable from `pointer`'s head, newest first: above the floor, at most
    /// `historyLimit` of them and `maxBytes` in all (the newest always).
    static func chain(_ records: [Int: Record], from pointer: UndoPointer) -> [Record] {
        var chain: [Record] = []
        var bytes = 0
        var seq = pointer.head
        while seq > 0, chain.count < TodoState.historyLimit, let record = records[seq], record.depth > pointer.floor,
            record.seq < pointer.next
        {
            bytes += record.length
            if !chain.isEmpty, bytes > maxBytes { break }
            chain.append(record)
            // A chain runs strictly downwards; anything else is a damaged log.
            guard record.prev < record.seq, record.depth > 0 else { break }
            seq = record.prev
        }
        return chain
    }

    /// The log's header; nil when there is no log. A log whose first line is not a header
    /// is damaged: refused, never replaced.
    private func readHeader() throws(StoreError) -> (log: String, first: Int)? {
        guard let file = try FileIO.open(path) else { return nil }
        defer { close(file.descriptor) }
        guard let bytes = FileIO.read(file.descriptor, at: 0, count: min(file.size, 4096)) else {
            throw .unreadable(path: path, reason: errnoText())
        }
        do {
            guard let newline = bytes.firstIndex(of: 0x0A) else {
                throw StateCodec.DecodeError.invalid("no header line")
            }
            return try Self.decodeHeader(Array(bytes[...newline]))
        } catch {
            throw .corrupt(path: path, reason: "\(error)")
        }
    }

    private static func decodeHeader(_ line: [UInt8]) throws -> (log: String, first: Int) {
        try line.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            var format: String?
            var log: String?
            var first = 1
            var fileVersion = 0
            try reader.readObject { key, reader in
                switch key {
                case "format": format = try reader.readString()
                case "version": fileVersion = try reader.readInt()
                case "log": log = try reader.readString()
                case "first": first = try reader.readInt(in: 1...Int.max, "a step number")
                default: try reader.skipValue()
                }
            }
            guard format == formatName, fileVersion == version, let log else {
                throw StateCodec.DecodeError.invalid("not a todo undo log")
            }
            return (log, first)
        }
    }

    /// Every step in the log by seq (a later line wins); nil when there is no log, or it is
    /// another state file's.
    private func readRecords(log: String, keeping: ((Int) -> Bool)? = nil) throws(StoreError) -> [Int: Record]? {
        guard let file = try FileIO.open(path) else { return nil }
        defer { close(file.descriptor) }
        var records: [Int: Record] = [:]
        var number = 0
        var ours = true
        // Lines are read in place, a chunk of the file at a time: a log of bulk changes runs
        // to tens of megabytes.
        do {
            try FileIO.forEachLine(file, path: path) { line in
                number += 1
                if number == 1 {
                    ours = try Self.decodeHeader(Array(line)).log == log
                    return ours
                }
                do {
                    let record = try Self.readRecord(line, keeping: keeping)
                    records[record.seq] = record
                } catch {
                    throw StateCodec.DecodeError.invalid("undo log line \(number): \(error)")
                }
                return true
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .corrupt(path: path, reason: "\(error)")
        }
        return ours ? records : nil
    }

    private static func readRecord(_ raw: UnsafeRawBufferPointer, keeping: ((Int) -> Bool)?) throws -> Record {
        var reader = JSONReader(raw)
        var seq: Int?
        var prev = 0
        var depth = 0
        var entry: HistoryEntry?
        do {
            try reader.readObject { key, reader in
                switch key {
                case "seq": seq = try reader.readInt(in: 1...Int.max - 1, "a step number")
                case "prev": prev = try reader.readInt(in: 0...Int.max - 1, "a step number")
                case "depth": depth = try reader.readInt(in: 1...Int.max - 1, "a depth")
                case "step": entry = try StateCodec.readHistoryEntry(&reader, keeping: keeping)
                default: try reader.skipValue()
                }
            }
        } catch let skipped as StateCodec.SkippedStep {
            // A step not read past its summary: "step" comes last on its line (see the format
            // above), so nothing after it is lost.
            entry = HistoryEntry(
                summary: skipped.summary, kind: skipped.kind, at: Date(timeIntervalSince1970: 0), before: [])
        }
        guard let seq, let entry else { throw StateCodec.DecodeError.invalid("a step needs \"seq\" and \"step\"") }
        return Record(seq: seq, prev: prev, depth: depth, entry: entry, length: raw.count)
    }
}
