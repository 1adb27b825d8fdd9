import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport

/// Loading only some todos must never change what a command sees of them, nor what is saved.
@Suite struct SelectionTests {
    /// The codec sample, plus a synced todo with a differing base and a conflict split over two
    /// lines (the first ending `},` inside it), one todo in a hand-edited layout, and two
    /// pairs of todos sharing a line, the second of each in the standard layout or not (the
    /// line skipper must take none of these for one todo).
    static func fileBytes() -> [UInt8] { sample }

    static let sample: [UInt8] = makeFile()

    static func makeFile() -> [UInt8] {
        var state = StateCodecTests.sampleState()
        let at = FixedClock.epoch
        var synced = Todo(
            id: 20, uuid: UUID(uuidString: "ABCDEF01-0000-4000-8000-000000000020")!, name: "synced", createdAt: at)
        synced.base = SyncBase(rev: 7, content: TodoContent(name: "older", createdAt: at, updatedAt: at))
        synced.conflicts = [SyncConflict(field: "name", lost: "l", kept: "k", at: at)]
        state.todos.append(synced)
        var text = String(decoding: StateCodec.encode(state, generation: "g4"), as: UTF8.self)
        // The todos close the file: `]}` and a line break come after the last one.
        let end = "]}\n"
        text = text.replacingOccurrences(
            of: end,
            with:
                """
                ,\n  {"name": "hand \\"made\\"", "id": 30, "createdAt": "2026-01-02T03:04:05.000Z", \
                "uuid": "abcdef01-0000-4000-8000-000000000030"}\(end)
                """
        )
        let pair = TodoState(todos: [
            Todo(
                id: 31, uuid: UUID(uuidString: "00000000-0000-4000-8000-000000000031")!, name: "left {\"id\": 1}",
                createdAt: at),
            Todo(id: 32, uuid: UUID(uuidString: "00000000-0000-4000-8000-000000000032")!, name: "right", createdAt: at)
        ])
        let lines = String(decoding: StateCodec.encode(pair), as: UTF8.self).split(separator: "\n").filter {
            $0.hasPrefix("  {\"id\": 3")
        }
        // A todo's line without what follows the todo: `,` or, on the last line, `]}`.
        func bare(_ line: Substring) -> String {
            let line = line.trimmingCharacters(in: .whitespaces)
            return line.hasSuffix("]}")
                ? String(line.dropLast(2)) : line.hasSuffix(",") ? String(line.dropLast()) : line
        }
        let oneLine = lines.map(bare).joined(separator: ", ")
        text = text.replacingOccurrences(of: end, with: ",\n  \(oneLine)\(end)")
        let spaced =
            """
            , { "id": 34, "name": "spaced", "uuid": "00000000-0000-4000-8000-000000000034", \
            "createdAt": "2026-01-02T03:04:05.000Z"}
            """
        let standard = bare(lines[0])
            .replacingOccurrences(of: "\"id\": 31", with: "\"id\": 33").replacingOccurrences(
                of: "000000000031", with: "000000000033")
        text = text.replacingOccurrences(of: end, with: ",\n  \(standard)\(spaced)\(end)")
        text = text.replacingOccurrences(of: "}, \"conflicts\"", with: "},\n   \"conflicts\"")
        return Array(text.utf8)
    }

    static let selections: [(String, TodoSelection)] = [
        ("none", .none),
        ("number", .referencedBy(["3"])),
        ("numbers and a missing one", .referencedBy(["1", "#7", "99", "x!"])),
        ("shared UUID prefix", .referencedBy(["abcdef01"])),
        ("uppercase UUID prefix", .referencedBy(["ABCDEF01-0000-4000-8000-00000000003"])),
        ("the second of two on a line", .referencedBy(["32"])),
        ("the second of two, spaced", .referencedBy(["34"])),
        ("the one split over two lines", .referencedBy(["20"])),
        ("open ones", .completed(false)),
        ("completed ones", .completed(true)),
        ("all", .all)
    ]

    @Test(arguments: selections)
    func loadsExactlyTheSelectedTodosAsAFullLoadSeesThem(name: String, selection: TodoSelection) throws {
        let full = try StateCodec.decodeSnapshot(Self.fileBytes())
        let partial = try StateCodec.decodeSnapshot(Self.fileBytes(), selecting: selection)
        #expect(partial.state.todos == full.state.todos.filter(selection.includes))
        #expect(partial.state.nextId == full.state.nextId)
        #expect(partial.state.history == full.state.history)
        #expect(partial.state.sync == full.state.sync)
        #expect(partial.generation == "g4")
        #expect(partial.texts.map(\.id) == full.state.todos.map(\.id))
        #expect(full.state.todos.suffix(4).map(\.id) == [31, 32, 33, 34])
    }

    @Test func selectionsNameWhatResolveWouldFind() throws {
        let full = try StateCodec.decodeSnapshot(Self.fileBytes()).state
        #expect(full.todos.filter(TodoSelection.referencedBy(["abcdef01"]).includes).map(\.id) == [20, 30])
        #expect(
            full.todos.filter(TodoSelection.referencedBy(["abcdef01-0000-4000-8000-000000000030"]).includes).map(\.id)
                == [30])
        #expect(full.todos.filter(TodoSelection.referencedBy(["3", "5"]).includes).map(\.id) == [3, 5])
        #expect(full.todos.filter(TodoSelection.none.includes).isEmpty)
    }

    @Test func resolveFindsTheSameTodoOrErrorAsWithEveryTodo() throws {
        let full = try StateCodec.decodeSnapshot(Self.fileBytes()).state
        for reference in [
            "1", "#7", "abcdef01", "ABCDEF01-0000-4000-8000-00000000003", "32", "34", "20", "99", "x!", "abcd", "0000"
        ] {
            let partial = try StateCodec.decodeSnapshot(Self.fileBytes(), selecting: .referencedBy([reference])).state
            let expected = Result { () throws(ReferenceError) in try full.resolve(reference) }
            #expect(Result { () throws(ReferenceError) in try partial.resolve(reference) } == expected, "\(reference)")
        }
    }

    /// Applying an action to a partial state and saving gives the very bytes that applying it to
    /// the whole state gives.
    @Test(arguments: selections)
    func savingAPartialStateKeepsEveryOtherTodoByteForByte(name: String, selection: TodoSelection) throws {
        let full = try StateCodec.decodeSnapshot(Self.fileBytes())
        let partial = try StateCodec.decodeSnapshot(Self.fileBytes(), selecting: selection)
        let at = FixedClock.epoch
        let ids = partial.state.todos.map(\.id)
        var actions: [Action] = [
            .add(NewTodo(uuid: UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!, name: "new", createdAt: at))
        ]
        if let first = ids.first { actions.append(.toggle(ids: [first], at: at)) }
        if ids.count > 1 { actions.append(.delete(ids: [ids[1]], at: at)) }
        if let last = ids.last, ids.count > 2 {
            actions.append(.edit(id: last, changes: [FieldChange(.notes, "é")], at: at))
        }
        let expected = StateCodec.encode(try reduce(full.state, actions), generation: "g5", reusing: full)
        let saved = StateCodec.encode(try reduce(partial.state, actions), generation: "g5", reusing: partial)
        #expect(String(decoding: saved, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}

/// A filter's necessary bytes are looked for by their least common byte, then compared whole:
/// found wherever a comparison at every offset finds them, at the ends of the text too.
@Suite struct NeedleTests {
    @Test func anchorsOnTheLeastCommonByte() {
        #expect(Needle(Array("\"work\"".utf8)).anchor == 4)
        #expect(Needle(Array("\"garden".utf8)).anchor == 1)
        #expect(Needle(Array("\"Rêve\"".utf8)).anchor == 1)
        #expect(Needle([]).occurs(in: UnsafeRawBufferPointer(start: nil, count: 0)))
    }

    @Test func findsWhatComparingAtEveryOffsetFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("\"wok r:,".utf8)
        for round in 0..<500 {
            let needle = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let naive =
                text.count >= needle.count
                && (0...(text.count - needle.count)).contains { at in
                    Array(text[at..<at + needle.count]) == needle
                }
            let found = text.withUnsafeBytes { Needle(needle).occurs(in: $0) }
            #expect(
                found == naive,
                "round \(round): \(String(decoding: needle, as: UTF8.self)) in \(String(decoding: text, as: UTF8.self))"
            )
        }
    }
}
