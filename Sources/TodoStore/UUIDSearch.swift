#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoWire
import TodoCore

/// Where a UUID's text occurs in a file's bytes, in any case: how a further read finds the
/// todos it asks for (a todo's line names its own UUID in its head, and those it depends on in
/// `depends`) without reading every line.
struct UUIDSearch {
    private let needle: [UInt8]
    /// How far the window may move on, by the hash of its last two bytes (folded): 0 when
    /// they may be the UUID's last two, then compared whole (Horspool's search over pairs of
    /// bytes, as glibc's `memmem`, which Swift cannot see).
    private let shifts: [UInt8]
    /// How far it moves on after a comparison.
    private let shiftAfterComparing: Int

    init(_ uuid: UUID) {
        // 36 bytes, as `matches` compares them.
        needle = Array(uuid.uuidString.lowercased().utf8)
        let last = needle.count - 1
        var shifts = Array(repeating: UInt8(last), count: 256)
        for index in 1..<last { shifts[Self.hash(needle[index - 1], needle[index])] = UInt8(last - index) }
        let final = Self.hash(needle[last - 1], needle[last])
        shiftAfterComparing = Int(shifts[final])
        shifts[final] = 0
        self.shifts = shifts
    }

    private static func hash(_ first: UInt8, _ second: UInt8) -> Int { Int(second &- (first &<< 3)) }

    /// The offsets in `haystack`, from `start`, where the UUID's text begins. Bytes are
    /// compared folded with 0x20, which makes `A`–`F` `a`–`f` and leaves digits and `-` as
    /// they are: a UUID in either case, or a mix, is found. A few other bytes fold onto them
    /// too, so what is found is a candidate, which its decoded todo confirms.
    func offsets(in haystack: UnsafeRawBufferPointer, from start: Int) -> [Int] {
        let count = needle.count
        guard start >= 0, haystack.count - start >= count else { return [] }
        var found: [Int] = []
        var end = start + count - 1
        needle.withUnsafeBufferPointer { needle in
            shifts.withUnsafeBufferPointer { shifts in
                while end < haystack.count {
                    let shift = shifts[Self.hash(haystack[end - 1] | 0x20, haystack[end] | 0x20)]
                    if shift > 0 {
                        end += Int(shift)
                        continue
                    }
                    let at = end - count + 1
                    if Self.matches(needle, haystack, at) { found.append(at) }
                    end += shiftAfterComparing
                }
            }
        }
        return found
    }

    /// Whether the 36 bytes at `at`, folded, are the needle's (each of whose bytes has 0x20
    /// set already), compared eight and then four at a time.
    private static func matches(_ needle: UnsafeBufferPointer<UInt8>, _ haystack: UnsafeRawBufferPointer, _ at: Int)
        -> Bool
    {
        let pin = UnsafeRawBufferPointer(needle)
        for word in stride(from: 0, to: 32, by: 8)
        where haystack.loadUnaligned(fromByteOffset: at + word, as: UInt64.self) | 0x2020_2020_2020_2020
            != pin.loadUnaligned(fromByteOffset: word, as: UInt64.self)
        {
            return false
        }
        return haystack.loadUnaligned(fromByteOffset: at + 32, as: UInt32.self) | 0x2020_2020
            == pin.loadUnaligned(fromByteOffset: 32, as: UInt32.self)
    }
}

extension SparseReader {
    /// The todos `request` asks for, from a large file and its `journal`, found by searching
    /// the file's bytes for the UUIDs' text and decoding only the lines that hold it: what a
    /// further read after a sparse one needs, without a read of every line. Nil for any
    /// surprise (another layout, a line that does not decode), to read the file whole.
    func todos(_ request: FurtherRead, journal: Journal.Contents?) throws(StoreError) -> [Todo]? {
        guard let (header, todosStart) = try readHeader(), header.version >= 4, header.generation != nil
        else { return nil }
        let journal = journal.flatMap { $0.generation == header.generation ? $0 : nil }
        let (puts, removed) = journal?.final { $0 } ?? ([:], [])
        let bytes = try FileIO.readAll(file, path: path)
        var todos = puts.values.filter(request.includes)
        let fromFile = bytes.withUnsafeBytes { raw -> [Todo]? in
            guard raw.count >= todosStart + 3, raw.count == file.size else { return nil }
            var lines: [Int] = []
            for uuid in request.uuids.union(request.dependentsOf) {
                let offsets = UUIDSearch(uuid).offsets(in: raw, from: todosStart)
                guard let starts = Self.lineStarts(of: offsets, in: raw, from: todosStart) else { return nil }
                let (byUUID, asDependency) = (request.uuids.contains(uuid), request.dependentsOf.contains(uuid))
                for (at, line) in zip(offsets, starts) {
                    // A todo's own UUID follows `"uuid": "`, one it depends on `["` or `", "`
                    // as the writer lays them out; any other place is decoded to see, and the
                    // decoded todo is checked either way.
                    let own = Self.follows(Self.uuidKey, at, raw)
                    let listed = Self.follows(Self.firstMember, at, raw) || Self.follows(Self.nextMember, at, raw)
                    if byUUID && !listed || asDependency && !own {
                        lines.append(line)
                    }
                }
            }
            var found: [Todo] = []
            var previous = -1
            for line in lines.sorted() where line != previous {
                previous = line
                guard let todo = Self.todo(onLineAt: line, in: raw) else { return nil }
                if puts[todo.id] == nil, !removed.contains(todo.id), request.includes(todo) { found.append(todo) }
            }
            return found
        }
        guard let fromFile else { return nil }
        todos += fromFile
        return todos.sorted { $0.id < $1.id }
    }

    /// The `\n` that starts the todo line holding each of `offsets` (ascending), found by
    /// walking the lines from `start`; nil if one is not on a todo's line.
    private static func lineStarts(of offsets: [Int], in raw: UnsafeRawBufferPointer, from start: Int) -> [Int]? {
        guard let base = raw.baseAddress else { return offsets.isEmpty ? [] : nil }
        var starts: [Int] = []
        starts.reserveCapacity(offsets.count)
        var line = -1
        var next = start
        for offset in offsets {
            while next < offset {
                line = next
                guard let newline = memchr(base + next + 1, 0x0A, raw.count - next - 1) else { return nil }
                next = base.distance(to: UnsafeRawPointer(newline))
            }
            guard line >= start, line + 3 < raw.count, raw[line + 1] == 0x20, raw[line + 2] == 0x20,
                raw[line + 3] == 0x7B
            else { return nil }
            starts.append(line)
        }
        return starts
    }

    static let uuidKey = Array("\"uuid\": \"".utf8)
    static let firstMember = Array("[\"".utf8)
    static let nextMember = Array("\", \"".utf8)

    /// Whether the bytes just before `offset` are `prefix`.
    private static func follows(_ prefix: [UInt8], _ offset: Int, _ raw: UnsafeRawBufferPointer) -> Bool {
        guard offset >= prefix.count else { return false }
        return prefix.indices.allSatisfy { raw[offset - prefix.count + $0] == prefix[$0] }
    }

    /// The todo on the line whose `\n` is at `line`.
    private static func todo(onLineAt line: Int, in raw: UnsafeRawBufferPointer) -> Todo? {
        guard let base = raw.baseAddress, let newline = memchr(base + line + 1, 0x0A, raw.count - line - 1) else {
            return nil
        }
        return todo(
            onLine: UnsafeRawBufferPointer(rebasing: raw[(line + 1)..<base.distance(to: UnsafeRawPointer(newline))]))
    }
}

extension FurtherRead {
    /// Whether `todo` is one this asks for.
    func includes(_ todo: Todo) -> Bool {
        uuids.contains(todo.uuid) || !todo.completed && !todo.depends.isDisjoint(with: dependentsOf)
    }
}

extension Journal.Contents {
    /// What `value` says of each todo the journal leaves put, by number, after its removes;
    /// and the numbers it leaves removed.
    func final<Value>(_ value: (Todo) -> Value) -> (puts: [Int: Value], removed: Set<Int>) {
        var puts: [Int: Value] = [:]
        var removed = Set<Int>()
        for entry in entries {
            for (todo, _) in entry.puts {
                puts[todo.id] = value(todo)
                removed.remove(todo.id)
            }
            for id in entry.removes {
                puts[id] = nil
                removed.insert(id)
            }
        }
        return (puts, removed)
    }
}
