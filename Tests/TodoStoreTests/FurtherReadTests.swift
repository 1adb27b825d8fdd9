import Foundation
import Testing
import TodoCore
import TodoWire
@testable import TodoStore
import TodoTestSupport

/// Issue 46: the fast reader's layout is the field table's, so a todo with every field stays
/// on it; a read after the first finds todos by UUID (and the open ones depending on a todo)
/// in the bytes the first read holds, as a read of every todo would; and a journal line that
/// gives a second todo an existing UUID is refused whatever a read selects.
@Suite struct FurtherReadTests: StoreSuite {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture("further") }

    /// A todo with every field of the table set, each by its kind.
    static func everyField() -> Todo {
        var todo = Todo(
            id: 7, uuid: UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000007")!, name: "",
            createdAt: Date(timeIntervalSince1970: 1_795_000_000.125))
        for field in TodoField.allCases {
            let value: FieldValue
            switch field.spec.kind {
            case .text: value = .text("\(field.key) \"text\" é")
            case .tags: value = .tags(["alpha", "zeta"])
            // The words some fields take apart: a rule, a UUID, an anchor.
            case .word:
                value = .word(
                    [
                        "recur": "weekly", "series": "8f0e1c2a-0000-4000-8000-000000000009",
                        "anchor": "2026-03-27T09:00:00+01:00[Europe/Berlin]"
                    ][field.key] ?? "w-\(field.key)")
            case .priority: value = .priority(.high)
            case .date: value = .date(.day(CalendarDay(iso: "2026-12-01")!))
            case .uuids: value = .uuids([UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000001")!])
            case .annotations:
                value = .annotations([
                    Annotation(at: Date(timeIntervalSince1970: 1_795_000_100), text: "called {about} it")
                ])
            case .udas: value = .udas(["client": "acme", "estimate": "3"])
            }
            if field.isAlwaysStored { field.set(value, on: &todo) } else { field.set(value, on: &todo.attributes) }
        }
        return todo
    }

    @Test func aTodoWithEveryFieldStaysOnTheFastPath() throws {
        let todo = Self.everyField()
        for field in TodoField.allCases {
            #expect(field.value(of: todo).isSet || field.isAlwaysStored, "\(field) is not set")
        }
        var out = JSONWriter()
        StateCodec.write(todo, to: &out)
        let read = out.bytes.withUnsafeBytes { raw -> (Todo?, Bool?) in
            var reader = JSONReader(raw)
            let fast = StateCodec.readTodoFast(&reader)
            var head = JSONReader(raw)
            _ = StateCodec.readHeadFast(&head)
            return (fast, StateCodec.readCompletedFast(head))
        }
        #expect(read.0 == todo)
        #expect(read.1 == false)
    }

    /// 3,000 todos (above the sparse threshold); every tenth depends on the one before it and
    /// on todo 1; the ninth completed in the journal.
    @discardableResult
    func makeFile() throws -> [UUID] {
        let uuids = (1...3000).map { _ in UUID() }
        try apply(
            .batch(
                uuids.enumerated().map { index, uuid in
                    var new = NewTodo(
                        uuid: uuid, name: "todo \(index + 1) " + String(repeating: "x", count: 60), createdAt: at)
                    if (index + 1) % 10 == 0 { new.depends = [uuids[index - 1], uuids[0]] }
                    return .add(new)
                }))
        try apply(.toggle(ids: [9], at: at), reading: .referencedBy(["9"]))
        return uuids
    }

    /// What a read of every todo says a further read asking `request` finds.
    func expected(_ request: FurtherRead) throws -> [Todo] {
        try file.load().todos.filter {
            request.uuids.contains($0.uuid) || !$0.completed && !$0.depends.isDisjoint(with: request.dependentsOf)
        }
    }

    @Test(arguments: [
        TodoSelection.referencedBy(["1500"]), .referencedBy(["10", "20"]), .completed(false), .completed(true), .none
    ])
    func findsByUUIDWhatAReadOfEveryTodoFinds(_ selection: TodoSelection) throws {
        let uuids = try makeFile()
        let first = try file.read(selection)
        let requests = [
            FurtherRead(uuids: [uuids[8], uuids[1499], uuids[0], UUID()]),
            FurtherRead(dependentsOf: [uuids[0]]),
            FurtherRead(uuids: [uuids[2998]], dependentsOf: [uuids[8], uuids[18], uuids[1500]]),
            FurtherRead(dependentsOf: [UUID()])
        ]
        for request in requests {
            let found = try first.reading(request).todos
            #expect(found == (try expected(request)))
            #expect(!found.isEmpty || request.uuids.isEmpty)
        }
        #expect(try first.reading(.nothing).todos.isEmpty)
    }

    /// After a sparse first read, the file's bytes are searched for the UUIDs and only the
    /// lines holding them decoded, the journal's changes over them: what a read of every todo
    /// finds, with the search itself answering (not a whole read after it).
    @Test func theSearchOfALargeFileFindsWhatAReadOfEveryTodoFinds() throws {
        let uuids = try makeFile()
        // The journal also deletes todo 20 and drops todo 30's dependencies.
        try apply(.delete(ids: [20], at: at), reading: .referencedBy(["20"]))
        try apply(
            .edit(ids: [30], changes: [.set(.depends, .uuids([]))], at: at),
            reading: .referencedBy(["30"]))
        let requests = [
            FurtherRead(uuids: [uuids[8], uuids[19], uuids[1499], uuids[2999]]),
            FurtherRead(dependentsOf: [uuids[0]]),
            FurtherRead(uuids: [uuids[0]], dependentsOf: [uuids[8], uuids[18], uuids[28], uuids[1500]])
        ]
        let open = try #require(try FileIO.open(file.path))
        defer { close(open.descriptor) }
        let journal = try Journal.decode(try #require(bytes(file.journalPath)))
        for request in requests {
            let found = try #require(try SparseReader(file: open, path: file.path).todos(request, journal: journal))
            #expect(found == (try expected(request)))
            #expect(!found.isEmpty)
            #expect(try file.read(.referencedBy(["1500"])).reading(request).todos == found)
        }
    }

    /// The further read reuses the first read's decoded journal only while the journal holds
    /// the same bytes: a change between the two reads is seen.
    @Test func aJournalChangedAfterTheFirstReadIsReadAgain() throws {
        let uuids = try makeFile()
        let first = try file.read(.referencedBy(["1500"]))
        let request = FurtherRead(uuids: [uuids[19]], dependentsOf: [uuids[18]])
        #expect(try first.reading(request).todos.map(\.id) == [20])
        try apply(.toggle(ids: [20], at: at), reading: .referencedBy(["20"]))
        let found = try first.reading(request).todos
        #expect(found == (try expected(request)))
        #expect(found.map(\.completed) == [true])
    }

    /// A UUID written in capitals, or in a mix of cases (a file edited by hand), is found as
    /// a lowercase one is; and the search answers for a file without a journal.
    @Test func theSearchFindsAUUIDInAnyCase() throws {
        let uuids = try makeFile()
        try FileManager.default.removeItem(atPath: file.journalPath)
        let lower = uuids[0].uuidString.lowercased()
        let mixed = String(
            lower.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })
        var text = String(decoding: try #require(bytes(file.path)), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"uuid\": \"\(lower)\"", with: "\"uuid\": \"\(mixed)\"")
        text = text.replacingOccurrences(of: lower, with: lower.uppercased())
        #expect(!text.contains(lower) && text.contains(mixed))
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        for request in [FurtherRead(uuids: [uuids[0]]), FurtherRead(dependentsOf: [uuids[0]])] {
            let found = try file.read(.referencedBy(["1500"])).reading(request).todos
            #expect(found == (try expected(request)))
            #expect(!found.isEmpty)
            #expect(try file.search(request) == found)
        }
    }

    @Test func uuidSearchFindsEveryOccurrenceInAnyCase() {
        let uuid = UUID(uuidString: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")!
        let lower = uuid.uuidString.lowercased()
        let text = "x\(lower)\(lower.uppercased())--0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e \"" + lower.prefix(35)
        let offsets = Array(text.utf8).withUnsafeBytes { UUIDSearch(uuid).offsets(in: $0, from: 0) }
        #expect(offsets == [1, 37])
        let later = Array(text.utf8).withUnsafeBytes { UUIDSearch(uuid).offsets(in: $0, from: 2) }
        #expect(later == [37])
    }

    /// The search finds what comparing at every offset finds, in texts made of the UUID's
    /// own characters in both cases (where its shifts are shortest) and of pieces of it.
    @Test func uuidSearchFindsWhatComparingAtEveryOffsetFinds() {
        let uuid = UUID(uuidString: "05840f4c-e50e-4168-b7b3-ff7b623dd8df")!
        let lower = Array(uuid.uuidString.lowercased().utf8)
        let alphabet = Array("0123456789abcdefABCDEF-\"[, ".utf8)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var text: [UInt8] = []
            while text.count < 400 {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: text += lower.map { $0 >= 0x61 && Bool.random(using: &generator) ? $0 - 0x20 : $0 }
                case 1:
                    let from = Int.random(in: 0..<20, using: &generator)
                    text += lower[from...].prefix(Int.random(in: 1..<36, using: &generator))
                default: text.append(alphabet.randomElement(using: &generator)!)
                }
            }
            let naive = (0...(text.count - lower.count)).filter { at in
                (0..<lower.count).allSatisfy { text[at + $0] | 0x20 == lower[$0] }
            }
            let start = round % 7
            let found = text.withUnsafeBytes { UUIDSearch(uuid).offsets(in: $0, from: start) }
            #expect(found == naive.filter { $0 >= start }, "round \(round)")
        }
    }

    /// A head's UUID prefix read from its bytes is the one `readHeadFast` reads, and there
    /// is none for another layout (which the check then reads as JSON).
    @Test(arguments: [
        ("{\"id\": 7, \"uuid\": \"8F0E1C2A-0000-4000-8000-000000000007\", \"name\": \"\"}", "8f0e1c2a"),
        ("{\"id\": 12345678, \"uuid\": \"0a1b2c3d-0000-4000-8000-000000000007\"", "0a1b2c3d"),
        ("{\"id\": 7, \"uuid\": \"8f0e1c2a-0000-4000-8000-00000000000\"", nil),
        ("{\"id\":7,\"uuid\":\"8f0e1c2a-0000-4000-8000-000000000007\"", nil),
        ("{\"id\": , \"uuid\": \"8f0e1c2a-0000-4000-8000-000000000007\"", nil),
        ("{\"uuid\": \"8f0e1c2a-0000-4000-8000-000000000007\", \"id\": 7", nil)
    ])
    func aHeadsUUIDPrefixIsReadFromItsBytes(_ head: String, _ prefix: String?) {
        let bytes = Array(head.utf8)
        let fast = bytes.withUnsafeBytes { UUIDPrefix(head: $0)?.bits }
        let expected = prefix.map { Array($0.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } }
        #expect(fast == expected)
        if fast != nil {
            let read = bytes.withUnsafeBytes { raw -> UInt64? in
                var reader = JSONReader(raw)
                return StateCodec.readHeadFast(&reader).flatMap { UUIDPrefix(text: $0.uuidText)?.bits }
            }
            #expect(read == fast)
        }
    }

    @Test func aUUIDsPrefixIsItsTextsFirstEightDigits() {
        for uuid in (0..<200).map({ _ in UUID() }) + [UUID(uuidString: "FFFFFFFF-0000-4000-8000-000000000000")!] {
            let text = Array(uuid.uuidString.utf8)
            #expect(UUIDPrefix(uuid: uuid).bits == text.withUnsafeBytes { UUIDPrefix(text: $0)?.bits }, "\(uuid)")
        }
    }

    @Test func sizesAreTheFilesOnDisk() throws {
        try makeFile()
        let sizes = try file.read(.none).reading(FurtherRead(sizes: true))
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(sizes.stateBytes == size(file.path) + size(file.journalPath))
        #expect(sizes.undoBytes == size(file.undoPath))
    }

    /// A journal line putting a third todo with the second's UUID: refused by every read,
    /// whatever it selects, with the message a read of every todo gives.
    @Test(arguments: [
        TodoSelection.all, .completed(false), .completed(true), .referencedBy(["1"]), .referencedBy(["3"]), .none,
        .mayPass(.term(.tag("x")), completed: false)
    ])
    func aJournalLineGivingASecondTodoAUUIDIsRefused(_ selection: TodoSelection) throws {
        try apply(add("a"), reading: .none)
        try apply(add("b"), reading: .none)
        let journal = try #require(bytes(file.journalPath))
        var lines = String(decoding: journal, as: UTF8.self).split(separator: "\n").map(String.init)
        let second = try #require(lines.last)
        let uuid = try #require(try file.load().todos.last?.uuid.uuidString.lowercased())
        lines.append(
            second.replacingOccurrences(of: "{\"id\": 2,", with: "{\"id\": 3,").replacingOccurrences(
                of: "\"nextId\": 3", with: "\"nextId\": 4"))
        #expect(lines.last != second)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file.journalPath))
        #expect(
            throws: StoreError.corrupt(
                path: file.journalPath, reason: "the journal gives a second todo the UUID \(uuid)")
        ) {
            _ = try file.load(selection)
        }
    }

    /// The same on a file read sparsely (a few numbered lines of a large file): the heads of
    /// its lines are read for the check, and a journal without such a line reads as before.
    @Test func aSparseReadRefusesAJournalLineGivingASecondTodoAUUID() throws {
        let uuids = try makeFile()
        #expect(try file.load(.referencedBy(["9", "10"])).todos.map(\.id) == [9, 10])
        let journal = try #require(bytes(file.journalPath))
        let text = String(decoding: journal, as: UTF8.self)
        let put = try #require(text.split(separator: "\n").last { $0.contains("{\"id\": 9,") })
        let forged = put.replacingOccurrences(of: "{\"id\": 9,", with: "{\"id\": 3001,").replacingOccurrences(
            of: "\"nextId\": 3001", with: "\"nextId\": 3002")
        #expect(forged != String(put))
        try Data((text + forged + "\n").utf8).write(to: URL(fileURLWithPath: file.journalPath))
        let message = "the journal gives a second todo the UUID \(uuids[8].uuidString.lowercased())"
        for selection in [TodoSelection.referencedBy(["10"]), .referencedBy(["3001"]), .none, .completed(false), .all] {
            #expect(throws: StoreError.corrupt(path: file.journalPath, reason: message)) {
                _ = try file.load(selection)
            }
        }
    }
}
