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
        let forged = put.replacingOccurrences(of: "{\"id\": 2,", with: "{\"id\": 3,").replacingOccurrences(of: "\"nextId\": 3", with: "\"nextId\": 4")
        try Data((text + forged + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        let before = box.fileBytes()
        let message = "todo: state file \(journal) is damaged: the journal gives a second todo the UUID \(uuid);"
        // Every command says what a read of every todo says.
        let every = try box.run("list", "--all").stderr
        #expect(every.hasPrefix(message), "\(every)")
        for command in [["list"], ["list", "--filter", "active"], ["list", "--all"], ["show", "2"], ["export"], ["add", "c"], ["toggle", "2"]] {
            let result = try box.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == every, "\(command): \(result.stderr)")
        }
        #expect(box.fileBytes() == before)
    }
}
