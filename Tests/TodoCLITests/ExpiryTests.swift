import Foundation
import Testing
import TodoTestSupport

/// Issue 40: `until` expires any todo, and a series' open occurrence, as Taskwarrior does:
/// the next command that reads it deletes it, says so on stderr, and `undo` brings it back.
@Suite struct ExpiryTests {
    let todo: InProcess

    /// At noon on 25 November 2026: #1 rent (monthly, until yesterday), #2 call (until 11:00
    /// today), #3 report (until today, which is not over), #4 milk.
    init() throws {
        todo = try InProcess()
        todo.run("add", "rent", "due:2026-11-01", "recur:monthly", "until:2026-11-24")
        todo.run("add", "call", "until:2026-11-25T11:00:00Z")
        todo.run("add", "report", "until:today")
        todo.run("add", "milk")
    }

    @Test func theNextCommandThatReadsThemDeletesThemAndSaysSo() throws {
        let listed = todo.run("list", "--ids")
        #expect(listed.stdout == "4\n3\n")
        #expect(
            listed.stderr == """
                todo: #1 "rent" expired (its until date passed) and was deleted; to keep it: todo undo, then todo 1 \
                modify until:DATE
                todo: #2 "call" expired (its until date passed) and was deleted; to keep it: todo undo, then todo 2 \
                modify until:DATE

                """)
        #expect(listed.status == 0)
        // Deleted in the file, once: no next occurrence of rent, and nothing said again.
        let again = todo.run("list", "--filter", "all", "--ids")
        #expect(again.stdout == "4\n3\n" && again.stderr == "")
        #expect(todo.run("undo").stdout == "Undid: expire #1, #2\n")
    }

    /// Only a command that succeeds expires todos in the file: one that fails changes nothing.
    @Test func aCommandThatFailsChangesNothing() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: todo.box.file))
        let journal = try? Data(contentsOf: URL(fileURLWithPath: todo.box.file + ".journal"))
        let shown = todo.run("show", "1")
        #expect(shown.status == 1 && shown.stderr == "todo: no todo #1\n", "\(shown)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: todo.box.file)) == before)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: todo.box.file + ".journal"))) == journal)
    }

    @Test func quietAndJSONStayExact() throws {
        let json = todo.run("list", "--json", "--quiet", "call")
        #expect(json.stdout == "[]\n")
        // The no-match line alone: --quiet leaves out the expiry's notes.
        #expect(json.stderr == "todo: no todo matches call\n", "\(json.stderr)")
        #expect(todo.ids("list", "--filter", "all") == [4, 3])
    }

    @Test func aCommandThatMovesTheUntilKeepsTheTodo() throws {
        let moved = todo.run("1", "2", "modify", "until:2026-12-31")
        #expect(moved.status == 0 && moved.stderr == "", "\(moved)")
        #expect(todo.ids("list") == [4, 3, 2, 1])
        #expect(todo.run("undo").stdout.hasPrefix("Undid: edit #1, #2"))
    }

    /// The command acts first; what it leaves expired and did not touch expires in a step before it.
    @Test func whatTheCommandDoesNotTouchExpiresBeforeIt() throws {
        let done = todo.run(["batch"], stdin: #"{"action": "toggle", "ids": [1, 4]}"#)
        #expect(done.stderr.hasPrefix("todo: #2 \"call\" expired"), "\(done)")
        #expect(todo.run("undo").stdout.hasPrefix("Undid: batch"))
        #expect(todo.run("undo").stdout == "Undid: expire #2 \"call\"\n")
    }

    @Test func completingItKeepsItAsCompleted() throws {
        #expect(todo.run("done", "2").status == 0)
        #expect(todo.ids("list", "--filter", "completed") == [2])
    }

    @Test func tomorrowTheDayUntilExpiresToo() throws {
        todo.now += 86_400
        todo.run("list")
        #expect(todo.ids("list", "--filter", "all") == [4])
    }
}

/// An expiry reaches the server from a device that only syncs (cron), as a deletion.
@Suite(.serialized) struct ExpirySyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices()
    }

    @Test func syncExpiresFirstAndTheOtherDeviceSeesTheDeletion() throws {
        try a.run("add", "call", "the", "bank", "until:2099-01-01", server: server)
        try a.run("add", "milk", server: server)
        try syncAll([a, b], times: 1)
        #expect(try b.contents().count == 2)
        // Moved into the past by the command itself: that command keeps it; sync expires it.
        #expect(try a.run("1", "modify", "until:2020-01-01", server: server).status == 0)
        let synced = try a.sync(server)
        #expect(
            synced.stderr
                == """
                todo: #1 "call the bank" expired (its until date passed) and was deleted; to keep it: todo undo, then \
                todo 1 modify until:DATE\n
                """
        )
        #expect(synced.stdout.hasSuffix("pulled 0, pushed 1, 0 conflicts.\n"), "\(synced)")
        try b.sync(server)
        #expect(try b.contents().values.sorted() == ["milk|||false"])
        #expect(try a.contents() == b.contents())
    }
}
