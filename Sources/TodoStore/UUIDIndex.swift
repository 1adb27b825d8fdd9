#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoWire
import TodoCore

/// Every todo of a whole read by UUID, built from the first bytes of each todo's line (its
/// number and UUID, `readHeadFast`), without decoding the rest: an open-addressing table of
/// the UUIDs' 16 bytes, as `StateCodec.firstRepeatedUUID`.
struct UUIDIndex {
    private var slots: [(key: (UInt64, UInt64), text: Int)]
    private let mask: Int
    /// Texts whose UUID could not be read from their head (another layout): looked at whole.
    private(set) var unindexed: [Int] = []

    init(_ snapshot: StateCodec.Snapshot) {
        var capacity = 16
        while capacity < snapshot.texts.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = Array(repeating: ((0, 0), -1), count: capacity)
        for index in snapshot.texts.indices {
            guard let uuid = snapshot.uuid(ofText: index) else {
                unindexed.append(index)
                continue
            }
            insert(uuid, index)
        }
    }

    private static func key(_ uuid: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: uuid.uuid) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
    }

    private func start(_ key: (UInt64, UInt64)) -> Int {
        Int(truncatingIfNeeded: ((key.0 ^ (key.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 17) & mask
    }

    private mutating func insert(_ uuid: UUID, _ text: Int) {
        let key = Self.key(uuid)
        var slot = start(key)
        while slots[slot].text >= 0 { slot = (slot + 1) & mask }
        slots[slot] = (key, text)
    }

    /// The texts (indices into `texts`) whose UUID is `uuid`: one, unless the file is damaged.
    func texts(of uuid: UUID) -> [Int] {
        let key = Self.key(uuid)
        var slot = start(key)
        var found: [Int] = []
        while slots[slot].text >= 0 {
            if slots[slot].key == key { found.append(slots[slot].text) }
            slot = (slot + 1) & mask
        }
        return found
    }
}

extension StateCodec.Snapshot {
    /// The UUID of the todo whose text is `texts[index]`, from the decoded todo or the head of
    /// its text; nil when the head is in another layout.
    func uuid(ofText index: Int) -> UUID? {
        let stored = texts[index]
        if stored.decoded, let todo = decodedTodo(stored.id) { return todo.uuid }
        return withText(stored) { raw in
            var reader = JSONReader(raw)
            return StateCodec.readHeadFast(&reader).flatMap { JSONReader.uuid($0.uuidText) }
        }
    }

    /// The todo whose text is `texts[index]`: decoded already, or now.
    func todo(ofText index: Int) -> Todo? {
        let stored = texts[index]
        if stored.decoded, let todo = decodedTodo(stored.id) { return todo }
        return withText(stored) { raw in
            var reader = JSONReader(raw)
            return try? StateCodec.readAnyTodo(&reader)
        }
    }

    private func withText<T>(_ stored: StateCodec.StoredTodo, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        (stored.inJournal ? journalBytes : bytes).withUnsafeBytes { raw in
            body(UnsafeRawBufferPointer(rebasing: raw[stored.range]))
        }
    }

    private func decodedTodo(_ id: Int) -> Todo? {
        var low = 0
        var high = state.todos.count
        while low < high {
            let middle = (low + high) / 2
            if state.todos[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < state.todos.count && state.todos[low].id == id ? state.todos[low] : nil
    }

    /// The todos `request` asks for, from a whole read's texts (file and journal).
    func todos(_ request: FurtherRead) -> [Todo] {
        precondition(!sparse, "a sparse snapshot holds no index of the other lines")
        var wanted = Set<Int>()
        if !request.uuids.isEmpty {
            let index = UUIDIndex(self)
            for uuid in request.uuids { wanted.formUnion(index.texts(of: uuid)) }
            // A line in another layout is decoded to know its UUID.
            for text in index.unindexed where todo(ofText: text).map({ request.uuids.contains($0.uuid) }) == true {
                wanted.insert(text)
            }
        }
        var dependents = Set<Int>()
        if !request.dependentsOf.isEmpty {
            // Only a line that holds the UUID's text can depend on it: the bytes are searched
            // (in any case a writer may have used), and only those lines decoded.
            let searches = request.dependentsOf.map(UUIDSearch.init)
            for (source, inJournal) in [(bytes, false), (journalBytes, true)] where !source.isEmpty {
                var starts = texts.indices.filter { texts[$0].inJournal == inJournal }
                if !zip(starts, starts.dropFirst()).allSatisfy({
                    texts[$0].range.lowerBound < texts[$1].range.lowerBound
                }) {
                    starts.sort { texts[$0].range.lowerBound < texts[$1].range.lowerBound }
                }
                for search in searches {
                    for at in source.withUnsafeBytes({ search.offsets(in: $0, from: 0) }) {
                        if let text = Self.text(containing: at, among: starts, texts) { dependents.insert(text) }
                    }
                }
            }
        }
        var found: [Todo] = []
        for text in wanted.union(dependents).sorted() {
            if let todo = todo(ofText: text), request.includes(todo) { found.append(todo) }
        }
        return found
    }

    /// The text among `candidates` (indices into `texts`, by ascending place) whose range holds `offset`.
    private static func text(containing offset: Int, among candidates: [Int], _ texts: [StateCodec.StoredTodo]) -> Int?
    {
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if texts[candidates[middle]].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let text = candidates[low - 1]
        return texts[text].range.contains(offset) ? text : nil
    }
}

extension StateCodec.Snapshot {
    /// A UUID the journal gives a todo that another todo has, in the file or the journal:
    /// what `firstRepeatedUUID` finds in a read of every todo, found for a whole read of any
    /// selection from the heads of the lines, without decoding them. Nil for a sparse read.
    func journalRepeatedUUID() -> UUID? {
        guard !sparse, texts.contains(where: \.inJournal) else { return nil }
        var puts: [UUID: Int] = [:]
        for index in texts.indices where texts[index].inJournal {
            guard let uuid = uuid(ofText: index) ?? todo(ofText: index)?.uuid else { continue }
            if puts.updateValue(index, forKey: uuid) != nil { return uuid }
        }
        // The other lines' UUIDs are compared by their first eight hex digits before any is decoded.
        let prefixes = UUIDPrefixes(puts.keys)
        for index in texts.indices where !texts[index].inJournal {
            guard let uuid = uuid(ofText: index, ifIn: prefixes) else { continue }
            if puts[uuid] != nil { return uuid }
        }
        return nil
    }

    /// The UUID of `texts[index]`, as `uuid(ofText:)` or else its decoded todo gives it; nil
    /// without decoding when its head's first eight hex digits are not among `prefixes`.
    private func uuid(ofText index: Int, ifIn prefixes: UUIDPrefixes) -> UUID? {
        let stored = texts[index]
        if stored.decoded, let todo = decodedTodo(stored.id) { return todo.uuid }
        // nil: the head does not tell; .some(nil): another UUID.
        let fromHead = withText(stored) { raw -> UUID?? in
            if let prefix = UUIDPrefix(head: raw), !prefixes.contains(prefix) { return .some(nil) }
            var reader = JSONReader(raw)
            guard let head = StateCodec.readHeadFast(&reader), let prefix = UUIDPrefix(text: head.uuidText) else {
                return nil
            }
            guard prefixes.contains(prefix) else { return .some(nil) }
            return JSONReader.uuid(head.uuidText).map { .some($0) }
        }
        return fromHead ?? todo(ofText: index)?.uuid
    }
}

/// A UUID's first eight hex digits, lower-cased, as one number: compared before a UUID read
/// from a line's head is decoded.
struct UUIDPrefix {
    let bits: UInt64

    init(uuid: UUID) {
        // The first four bytes as eight lowercase hex digits, the first digit lowest.
        func digit(_ nibble: UInt8) -> UInt64 { UInt64(nibble < 10 ? 0x30 + nibble : 0x57 + nibble) }
        bits = withUnsafeBytes(of: uuid.uuid) { bytes in
            (0..<4).reduce(0) { bits, index in
                bits | digit(bytes[index] >> 4) << (16 * index) | digit(bytes[index] & 0x0F) << (16 * index + 8)
            }
        }
    }

    /// Of a UUID's 36 characters; nil for any other length.
    init?(text: UnsafeRawBufferPointer) {
        guard text.count == 36 else { return nil }
        bits = text.loadUnaligned(as: UInt64.self) | 0x2020_2020_2020_2020
    }

    /// Of the UUID in the head of a todo's text in the standard layout (`{"id": N, "uuid":
    /// "`), found without reading the head as JSON (some 40 instructions, a tenth of
    /// `readHeadFast`): what a check of every line's head needs first. Nil for another layout.
    init?(head raw: UnsafeRawBufferPointer) {
        // `{"id": ` is compared as two overlapping words, `, "uuid": "` as two more.
        guard raw.count >= 56, raw.loadUnaligned(as: UInt32.self) == Self.idOpening,
            raw.loadUnaligned(fromByteOffset: 3, as: UInt32.self) == Self.idClosing
        else { return nil }
        var index = 7
        while index < raw.count, raw[index] &- 0x30 < 10 { index += 1 }
        let uuidAt = index + 11
        guard index > 7, uuidAt + 37 <= raw.count, raw[uuidAt + 36] == 0x22,
            raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) == Self.uuidOpening,
            raw.loadUnaligned(fromByteOffset: index + 7, as: UInt32.self) == Self.uuidClosing
        else { return nil }
        self.init(text: UnsafeRawBufferPointer(rebasing: raw[uuidAt..<uuidAt + 36]))
    }

    private static let idOpening = word("{\"id", as: UInt32.self)
    private static let idClosing = word("d\": ", as: UInt32.self)
    private static let uuidOpening = word(", \"uuid\"", as: UInt64.self)
    private static let uuidClosing = word("\": \"", as: UInt32.self)

    private static func word<T: FixedWidthInteger>(_ text: String, as: T.Type) -> T {
        Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
}

/// The prefixes of some UUIDs, sorted: a binary search over a few dozen numbers is cheaper
/// than hashing for each of 10,000 lines.
struct UUIDPrefixes {
    private let sorted: [UInt64]

    init(_ uuids: some Sequence<UUID>) { sorted = uuids.map { UUIDPrefix(uuid: $0).bits }.sorted() }

    func contains(_ prefix: UUIDPrefix) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix.bits { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == prefix.bits
    }
}

extension Journal.Contents {
    /// The UUID of each todo the journal leaves put, by number, after its removes; and a
    /// UUID it leaves on two numbers, if any.
    func finalPuts() -> (puts: [Int: UUID], removed: Set<Int>, repeated: UUID?) {
        let (puts, removed) = final(\.uuid)
        var seen = Set<UUID>()
        let repeated = puts.values.first { !seen.insert($0).inserted }
        return (puts, removed, repeated)
    }
}

extension SparseReader {
    /// A UUID the journal gives a todo that a line of the file, under another number the
    /// journal leaves in place, has: the check a whole read makes with the heads of its lines,
    /// made for a sparse read by reading the heads of every line (their numbers and UUIDs,
    /// compared by their first eight hex digits before any is decoded), not the todos.
    func journalRepeatedUUID(_ journal: Journal.Contents) throws(StoreError) -> UUID? {
        let (puts, removed, repeated) = journal.finalPuts()
        if let repeated { return repeated }
        guard !puts.isEmpty else { return nil }
        var byUUID: [UUID: Int] = [:]
        for (id, uuid) in puts { byUUID[uuid] = id }
        let prefixes = UUIDPrefixes(byUUID.keys)
        // Read a chunk at a time: a command on one todo of a large file holds no copy of it.
        var found: UUID?
        do {
            try FileIO.forEachLine(file, path: path, chunk: 256 << 10) { line in
                // A todo's line starts `  {`.
                guard line.count > 3, line[0] == 0x20, line[1] == 0x20, line[2] == 0x7B else { return true }
                let todo = UnsafeRawBufferPointer(rebasing: line[2...])
                if let prefix = UUIDPrefix(head: todo), !prefixes.contains(prefix) { return true }
                var reader = JSONReader(todo)
                guard let head = StateCodec.readHeadFast(&reader), let prefix = UUIDPrefix(text: head.uuidText),
                    prefixes.contains(prefix), let uuid = JSONReader.uuid(head.uuidText), let id = byUUID[uuid]
                else { return true }
                // The journal's own todo, or a line it removed or replaced by another todo.
                if head.id != id, !removed.contains(head.id), puts[head.id] == nil { found = uuid }
                return found == nil
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        return found
    }
}
