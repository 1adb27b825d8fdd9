import Foundation
import Testing

/// Issue 40: Taskwarrior's `search.case.sensitive` as todo's `search.case.sensitive`: words
/// and /REGEX/ in a filter searched for in the case typed when on; in any case unless set.
@Suite struct SearchCaseTests {
    let todo: InProcess

    init() throws {
        todo = try InProcess()
        todo.run("add", "buy Milk")
        todo.run("add", "milk the cow", "-d", "MILK")
        todo.run("add", "bread")
    }

    @Test func offUnlessSetOnWhenSaid() throws {
        #expect(todo.ids("list", "milk") == [2, 1])
        #expect(todo.ids("list", "/^m/") == [2])
        #expect(todo.run("config", "search.case.sensitive", "yes").status == 0)
        #expect(todo.ids("list", "milk") == [2])
        #expect(todo.ids("list", "Milk") == [1])
        #expect(todo.ids("list", "MILK") == [2])
        #expect(todo.ids("list", "/^B/") == [])
        #expect(todo.ids("list", "/^b/") == [3, 1])
        // Words after -- too.
        #expect(todo.run("list", "--ids", "--", "Milk").stdout == "1\n")
        #expect(todo.ids("list", "rc.search.case.sensitive=off", "milk") == [2, 1])
        #expect(todo.run("config", "search.case.sensitive", "off").status == 0)
        #expect(todo.ids("list", "MILK") == [2, 1])
    }

    @Test func aValueThatIsNoSwitchIsRefused() throws {
        let result = todo.run("config", "search.case.sensitive", "maybe")
        #expect(
            result
                == RunResult(
                    stdout: "",
                    stderr:
                        "todo: search.case.sensitive must be on or off (also yes/no, true/false, 1/0), not \"maybe\"\n",
                    status: 2))
    }

    @Test func taskrcCarriesIt() throws {
        try "search.case.sensitive=yes\n".write(
            toFile: todo.box.directory + "/.taskrc", atomically: true, encoding: .utf8)
        #expect(
            todo.run("import", "--from", "taskrc").stdout.hasPrefix(
                "Imported 1 setting from \(todo.box.directory)/.taskrc: search.case.sensitive=on;"))
        #expect(todo.ids("list", "milk") == [2])
    }
}
