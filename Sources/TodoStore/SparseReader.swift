#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoWire
import TodoCore

/// Reads the header, the last todo's number and a few numbered todos of a large state file
/// without reading the rest.
///
/// The file keeps its todos last, sorted by number, one a line starting `\n  {`; a JSON
/// string holds no raw line break, so that sequence starts a todo and nothing else. A todo
/// is found by a binary search over byte offsets, each probe reading a few kilobytes. Any
/// surprise (another layout, an older version, numbers out of order) answers nil, and the
/// caller reads the file whole, which checks it fully.
struct SparseReader {
    /// Files smaller than this are read whole: it costs less than several reads.
    static let minimumSize = 256 << 10

    let file: FileIO.OpenFile
    let path: String
    private let chunk = 16 << 10

    /// The snapshot of the header with the selected numbers' todos that exist; nil to read
    /// whole. Numbers that `journal` puts or removes are not looked for: it decides them.
    func read(_ selection: TodoSelection, journal: Journal.Contents? = nil) throws(StoreError) -> StateCodec.Snapshot? {
        var numbers = selection.numbers
        guard let (header, todosStart) = try readHeader() else { return nil }
        var snapshot = header
        guard snapshot.version >= 4, snapshot.generation != nil else { return nil }
        snapshot.selection = selection
        if let journal, journal.generation == snapshot.generation {
            let touched = Set(journal.entries.flatMap { $0.puts.map(\.todo.id) + $0.removes })
            numbers.removeAll(where: touched.contains)
        }
        let end = file.size
        if try bytes(at: todosStart, count: 2) == Array("]}".utf8) {
            snapshot.sparse = true
            snapshot.bytes = []
            return snapshot
        }
        guard let last = try lastLine(after: todosStart, end: end) else { return nil }
        snapshot.state.nextId = max(snapshot.state.nextId, last.id + 1)
        var todos: [Todo] = []
        for number in Set(numbers).sorted() {
            switch try find(number, from: todosStart, to: end) {
            case .found(let todo): todos.append(todo)
            case .absent: continue
            case .unsure: return nil
            }
        }
        snapshot.state.todos = todos
        snapshot.sparse = true
        snapshot.bytes = []
        return snapshot
    }

    private enum Search {
        case found(Todo)
        case absent
        case unsure
    }

    /// The header decoded, and where the todos start, reading more of the file until it
    /// holds the whole header (the sync outbox can make it long).
    func readHeader() throws(StoreError) -> (StateCodec.Snapshot, Int)? {
        var count = min(file.size, 64 << 10)
        while true {
            let head = try bytes(at: 0, count: count)
            do {
                if let header = try StateCodec.decodeHeader(head) { return header }
            } catch {
                throw .corrupt(path: path, reason: error.description)
            }
            guard count < file.size else { return nil }
            count = min(file.size, count * 4)
        }
    }

    /// The number of the last todo, whose line must close the file.
    private func lastLine(after start: Int, end: Int) throws(StoreError) -> (id: Int, at: Int)? {
        let closing = Array("}]}\n".utf8)
        guard try bytes(at: end - closing.count, count: closing.count) == closing else { return nil }
        var from = max(start, end - chunk)
        while true {
            let tail = try bytes(at: from, count: end - from)
            if let at = Self.lastIndex(of: Self.lineStart, in: tail) {
                guard let id = try head(at: from + at) else { return nil }
                return (id, from + at)
            }
            guard from > start else { return nil }
            from = max(start, from - 4 * (end - from))
        }
    }

    static let lineStart = Array("\n  {".utf8)

    /// Binary search over byte offsets for the line of todo `number`.
    private func find(_ number: Int, from start: Int, to end: Int) throws(StoreError) -> Search {
        var low = start
        var high = end
        while low < high {
            let middle = low + (high - low) / 2
            guard let at = try nextLineStart(from: middle, before: high) else {
                high = middle
                continue
            }
            guard let id = try head(at: at) else { return .unsure }
            if id == number {
                guard let todo = try todo(at: at), todo.id == number else { return .unsure }
                return .found(todo)
            }
            if id < number { low = at + 1 } else { high = middle }
        }
        // Not found: in a file with its lines out of order it may still be there.
        return .unsure
    }

    /// The first `\n  {` at or after `offset` that starts before `limit`.
    private func nextLineStart(from offset: Int, before limit: Int) throws(StoreError) -> Int? {
        var from = offset
        while from < limit {
            let count = min(chunk, file.size - from)
            let piece = try bytes(at: from, count: count)
            if let at = Self.firstIndex(of: Self.lineStart, in: piece, from: 0) {
                return from + at < limit ? from + at : nil
            }
            guard count == chunk else { return nil }
            from += count - Self.lineStart.count + 1
        }
        return nil
    }

    /// The number at the start of the todo line at `at` (its `\n`).
    private func head(at: Int) throws(StoreError) -> Int? {
        let piece = try bytes(at: at + 3, count: min(128, file.size - at - 3))
        return piece.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return StateCodec.readHeadFast(&reader)?.id
        }
    }

    /// The todo on the line at `at`, ending in `,` or, the last, in `]}`.
    private func todo(at: Int) throws(StoreError) -> Todo? {
        var count = chunk
        while true {
            let piece = try bytes(at: at + 1, count: min(count, file.size - at - 1))
            if let newline = piece.firstIndex(of: 0x0A) {
                return piece.withUnsafeBytes { Self.todo(onLine: UnsafeRawBufferPointer(rebasing: $0[..<newline])) }
            }
            guard piece.count == count else { return nil }
            count *= 4
        }
    }

    /// The todo a line holds (its bytes between line breaks), ending in `,` or, the last, in
    /// `]}`; nil if it holds anything else.
    static func todo(onLine line: UnsafeRawBufferPointer) -> Todo? {
        var end = line.count
        if end >= 1, line[end - 1] == 0x2C {
            end -= 1
        } else if end >= 2, line[end - 2] == 0x5D, line[end - 1] == 0x7D {
            end -= 2
        }
        var reader = JSONReader(UnsafeRawBufferPointer(rebasing: line[..<end]))
        guard let todo = try? StateCodec.readAnyTodo(&reader), reader.isAtEnd else { return nil }
        return todo
    }

    private func bytes(at offset: Int, count: Int) throws(StoreError) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        guard let bytes = FileIO.read(file.descriptor, at: offset, count: count) else {
            throw .unreadable(path: path, reason: errnoText())
        }
        return bytes
    }

    /// Where `needle` first occurs in `haystack` at or after `start` (memchr for its first
    /// byte, then a comparison: glibc's memmem is not visible to Swift).
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count - start >= needle.count else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                let base = hay.baseAddress!
                var from = start
                let last = hay.count - pin.count
                while from <= last, let found = memchr(base + from, Int32(first), last - from + 1) {
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, pin.baseAddress!, pin.count) == 0 { return at }
                    from = at + 1
                }
                return nil
            }
        }
    }

    static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        var at: Int?
        var from = 0
        while let found = firstIndex(of: needle, in: haystack, from: from) {
            at = found
            from = found + 1
        }
        return at
    }
}
