import Foundation
import Testing

/// Issue 46: a journal line that gives a second todo the UUID of another is a damaged file to
/// `list`, whose default read skips the completed todos' lines, as to every other command.
@Suite struct JournalUUIDTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func listRefusesAJournalLineGivingASecondTodoAnExistingUUID() throws {
        try box.run("add", "a")
        try box.run("add", "b")
        try box.run("toggle", "1")
        let uuid = try #require(try box.state().todos.first { $0.id == 2 }?.uuid.uuidString.lowercased())
        let journal = box.file + ".journal"
        let text = String(decoding: try #require(FileManager.default.contents(atPath: journal)), as: UTF8.self)
        let put = try #require(text.split(separator: "\n").first { $0.contains("{\"id\": 2,") })
        let forged = put.replacingOccurrences(of: "{\"id\": 2,", with: "{\"id\": 3,").replacingOccurrences(
            of: "\"nextId\": 3", with: "\"nextId\": 4")
        try Data((text + forged + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        let before = box.fileBytes()
        let message = "todo: state file \(journal) is damaged: the journal gives a second todo the UUID \(uuid);"
        // Every command says what a read of every todo says.
        let every = try box.run("list", "--all").stderr
        #expect(every.hasPrefix(message), "\(every)")
        for command in [
            ["list"], ["list", "--filter", "active"], ["list", "--all"], ["show", "2"], ["export"], ["add", "c"],
            ["toggle", "2"]
        ] {
            let result = try box.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == every, "\(command): \(result.stderr)")
        }
        #expect(box.fileBytes() == before)
    }
}

/// Issue 46: `show` reads a todo, then the todos it depends on and the open ones depending on
/// it (a second stage the runner does). On a file large enough to be read sparsely, with the
/// changes in the journal, what it prints of them is what a read of every todo says: its
/// urgency as `list` counts it, and its dependencies by number and name.
@Suite struct TwoStageShowTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func showSeesItsDependenciesAndDependentsAsAReadOfEveryTodo() throws {
        let names = (1...3000).map { "todo \($0) " + String(repeating: "x", count: 60) }.joined(separator: "\n") + "\n"
        try box.run(["add", "-"], stdin: names)
        #expect(try box.run("modify", "2000", "dep:1,2999").status == 0)
        #expect(try box.run("modify", "2500", "dep:2000").status == 0)
        #expect(try box.run("toggle", "2999").status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: box.file)[.size] as? Int)
        #expect(size >= 256 << 10, "large enough for a sparse read")
        for (number, blocked, blocking) in [
            ("2000", true, true), ("2500", true, false), ("1", false, true), ("2999", false, false)
        ] {
            let shown = try box.run("show", number)
            #expect(shown.status == 0)
            let urgency = try #require(shown.lines.first { $0.hasPrefix("Urgency:") }).split(separator: " ").last.map(
                String.init)
            let listed = try box.run("list", "--all", "--format", "{id} {urgency}").lines.first {
                $0.hasPrefix(number + " ")
            }
            #expect(listed == "\(number) \(urgency ?? "")", "#\(number): blocked \(blocked), blocking \(blocking)")
        }
        let details = try box.run("show", "2000").stdout
        #expect(details.contains("todo 1 x"), "\(details)")
        #expect(details.contains("todo 2999 x"), "\(details)")
    }
}
