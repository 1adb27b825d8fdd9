import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport

/// Commands naming todos by number read a large file in a few places; they must see exactly
/// what reading it whole would show, journal included, and fall back when unsure.
@Suite struct SparseReadTests: StoreSuite {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture("sparse") }

    /// 3,000 todos (about 700 kB, above the sparse threshold), then a few journalled changes.
    func makeLivedInFile() throws {
        try apply(
            .batch(
                (1...3000).map {
                    .add(NewTodo(uuid: UUID(), name: "todo \($0) " + String(repeating: "x", count: 60), createdAt: at))
                }))
        try apply(.toggle(ids: [5], at: at), reading: .referencedBy(["5"]))
        try apply(.delete(ids: [2999], at: at), reading: .referencedBy(["2999"]))
        try apply(.add(NewTodo(uuid: UUID(), name: "new", createdAt: at)), reading: .none)
        try apply(.edit(id: 1500, changes: [FieldChange(.notes, "edited")], at: at), reading: .referencedBy(["1500"]))
    }

    func sparseReadIsUsed(_ selection: TodoSelection) throws -> Bool {
        let opened = try #require(try FileIO.open(file.path))
        defer { close(opened.descriptor) }
        let journal = try Journal.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file.journalPath))))
        return try SparseReader(file: opened, path: file.path).read(selection, journal: journal) != nil
    }

    @Test(arguments: [["1"], ["3000"], ["1500"], ["2999"], ["3001"], ["4000"], ["5"], ["1", "3000", "1500", "7"], []])
    func seesWhatAWholeReadSees(_ references: [String]) throws {
        try makeLivedInFile()
        let selection = TodoSelection.referencedBy(references)
        #expect(try sparseReadIsUsed(selection) == !references.contains("4000"))
        let whole = try file.load()
        let sparse = try file.load(selection)
        let numbers = Set(references.compactMap(Int.init))
        #expect(sparse.todos == whole.todos.filter { numbers.contains($0.id) })
        #expect(sparse.nextId == whole.nextId)
        #expect(sparse.nextId == 3002)
        #expect(sparse.sync == whole.sync)
    }

    @Test func linesOutOfOrderAreFoundByReadingTheWholeFile() throws {
        try apply(
            .batch(
                (1...3000).map {
                    .add(NewTodo(uuid: UUID(), name: "todo \($0) " + String(repeating: "y", count: 60), createdAt: at))
                }))
        var lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.path)), as: UTF8.self).components(
            separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("  {\"id\": 100,") })
        let second = try #require(lines.firstIndex { $0.hasPrefix("  {\"id\": 2000,") })
        lines.swapAt(first, second)
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file.path))
        for number in [100, 2000] {
            #expect(try file.load(.referencedBy(["\(number)"])).todos.map(\.id) == [number])
        }
    }

    /// A change that must rewrite the file, made from a sparse read, keeps every other todo.
    @Test func aRewriteFromASparseReadKeepsEveryOtherTodo() throws {
        try makeLivedInFile()
        let before = try file.load()
        let big = String(repeating: "z", count: 70_000)
        try apply(.edit(id: 7, changes: [FieldChange(.notes, big)], at: at), reading: .referencedBy(["7"]))
        #expect(!FileManager.default.fileExists(atPath: file.journalPath))
        let after = try file.load()
        #expect(after.todos.count == before.todos.count)
        #expect(after.todos.filter { $0.id != 7 } == before.todos.filter { $0.id != 7 })
        #expect(after.todos.first { $0.id == 7 }?.notes == big)
    }

    /// What shell completion lists: every number and name, journal included, as a whole load.
    @Test func numberedNamesAreWhatAWholeLoadHolds() throws {
        try makeLivedInFile()
        try apply(
            .edit(id: 9, changes: [FieldChange(.name, "tab\tand \"quotes\" and é")], at: at),
            reading: .referencedBy(["9"]))
        try apply(
            .edit(id: 3000, changes: [FieldChange(.name, "back\\slash")], at: at), reading: .referencedBy(["3000"]))
        try apply(.delete(ids: [1], at: at), reading: .referencedBy(["1"]))
        // Like the real escape, it leaves printable ASCII alone; it marks what it is given.
        let escape = { (name: String) in name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? name : "<\(name)>" }
        func expected() throws -> String {
            try file.load().todos.map { "\($0.id)\t\(escape($0.name))\n" }.joined()
        }
        #expect(String(decoding: try file.numberedNames(escaping: escape), as: UTF8.self) == (try expected()))
        // Another layout is read whole, with the same answer.
        try Data(SelectionTests.fileBytes()).write(to: URL(fileURLWithPath: file.path))
        try? FileManager.default.removeItem(atPath: file.journalPath)
        #expect(String(decoding: try file.numberedNames(escaping: escape), as: UTF8.self) == (try expected()))
    }
}
