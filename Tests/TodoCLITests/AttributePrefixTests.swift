import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `add` and `edit` read a shortened key as filters do (`AttributeNames`), so a todo is found
/// by what it was given; a word naming a key todo has not, or a prefix of several, is refused,
/// at a fixed clock (`FixedClock.december`: Wednesday 2 December 2026).
@Suite struct AttributePrefixTests {
    let todo: InProcess
    init() throws { todo = try InProcess(now: FixedClock.december) }

    func stored(_ id: Int) throws -> Todo { try #require(try todo.box.state().todo(id: id)) }

    /// The example; Taskwarrior 2.6 reads the same words to the same task.
    @Test func aTodoIsFoundByWhatItWasGiven() throws {
        #expect(
            todo.run("add", "Draft", "post", "+writing", "pro:blog", "prio:H", "sch:mon")
                == RunResult(stdout: "1\n", stderr: "", status: 0))
        let added = try stored(1)
        #expect(added.name == "Draft post")
        #expect((added.tags, added.project, added.priority) == (["writing"], "blog", .high))
        #expect(added.scheduled == .day(CalendarDay(iso: "2026-12-07")!))
        #expect(todo.listed("pro:blog") == "1\n")
        #expect(todo.listed("project:blog", "prio:H", "sch:2026-12-07") == "1\n")
    }

    /// abbreviation.test.py, test_attribute_abbreviations and test_uda_abbreviations, on add and edit.
    @Test func everyPrefixOfTwoLettersOrMoreSetsTheField() throws {
        for (index, key) in ["project", "projec", "proje", "proj", "pro"].enumerated() {
            #expect(todo.run("add", "p\(index)", "\(key):home").status == 0)
            #expect(try stored(index + 1).project == "home")
        }
        #expect(
            todo.run("add", "x", "du:tomorrow", "wa:2026-12-01", "rec:weekly", "unt:2027-01-01", "star:now", "dep:1")
                == RunResult(
                    stdout: "6\n", stderr: "", status: 0))
        let all = try stored(6)
        #expect(all.due == .day(CalendarDay(iso: "2026-12-03")!))
        #expect(all.wait == .day(CalendarDay(iso: "2026-12-01")!))
        #expect(all.recur?.rule == "weekly")
        #expect(all.until == .day(CalendarDay(iso: "2027-01-01")!))
        #expect(all.start == .instant(FixedClock.december))
        #expect(all.depends == [try stored(1).uuid])
        for (index, key) in ["priority", "priorit", "priori", "prior", "prio", "pri"].enumerated() {
            let priority = Priority.allCases[index % 3]
            #expect(todo.run("modify", "6", "\(key):\(priority.rawValue)").status == 0)
            #expect(try stored(6).priority == priority)
        }
        #expect(
            todo.run("modify", "6", "sched:fri", "proj:", "depe:-1")
                == RunResult(
                    stdout: "Edited #6 \"x\" (scheduled, depends)\n", stderr: "", status: 0))
        #expect(try stored(6).scheduled == .day(CalendarDay(iso: "2026-12-04")!))
        #expect(try stored(6).depends.isEmpty)
    }

    /// A declared attribute is a name like the others: its prefix sets it, and its exact name
    /// wins over a field's prefix (`proj` is the attribute, `proje` the project).
    @Test func declaredAttributesTakePart() throws {
        for (key, type) in [("uda.estimate.type", "number"), ("uda.proj.type", "string"), ("uda.scope.type", "string")]
        {
            try #require(todo.run("config", key, type).status == 0)
        }
        #expect(todo.run("add", "x", "est:3", "proj:acme", "proje:home").status == 0)
        let added = try stored(1)
        #expect(added.udas == ["estimate": "3", "proj": "acme"])
        #expect(added.project == "home")
        #expect(todo.listed("esti.over:2") == "1\n")
        #expect(
            todo.run("add", "y", "sc:x")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: "sc:x": sc may be scheduled or scope; write more of the name, \
                        or put -- before name words that look like attribute words\n
                        """,
                    status: 2))
    }

    /// Times, `re:`, `Re: budget`, a capital `Due:` and URLs stay in the name; so does every word after `--`.
    @Test func textStaysInTheName() throws {
        #expect(
            todo.run("add", "meet", "at", "10:30", "re:", "Re:", "budget", "Due:", "https://x.org", "mailto:a@b.c")
                .status == 0)
        #expect(try stored(1).name == "meet at 10:30 re: Re: budget Due: https://x.org mailto:a@b.c")
        #expect(todo.run("add", "x", "--", "pr:home", "entry:today", "due.before:fri", "+ACTIVE").status == 0)
        #expect(try stored(2).name == "x pr:home entry:today due.before:fri +ACTIVE")
        #expect(try stored(2).project == nil && stored(2).tags.isEmpty)
    }

    static let keys =
        """
        +TAG, -TAG, name:, description:, details:, project:, priority:, pri:, due:, wait:, scheduled:, start:, \
        depends:, dep:, recur:, until: and the attributes you declare
        """

    /// Each refused word is one line naming what is accepted, exit status 2, and writes nothing.
    @Test(arguments: [
        (
            ["add", "x", "pr:home"],
            """
            "pr:home": pr may be project or priority; write more of the name, \
            or put -- before name words that look like attribute words
            """
        ),
        (
            ["add", "x", "st:now"],
            """
            "st:now": st may be start or status; write more of the name, \
            or put -- before name words that look like attribute words
            """
        ),
        (
            ["add", "x", "de:1"],
            """
            "de:1": de may be description, details or depends; write more of the name, \
            or put -- before name words that look like attribute words
            """
        ),
        (
            ["add", "x", "entry:today"],
            "\"entry:today\": todo keeps entry itself (when the todo was added); filters read it, no word sets it"
        ),
        (
            ["add", "x", "end:today"],
            """
            "end:today": todo keeps end itself (when the todo was completed (none while it is open)); filters read it, \
            no word sets it
            """
        ),
        (
            ["add", "x", "modified:today"],
            """
            "modified:today": todo keeps modified itself (when the todo last changed); filters read it, no word sets it
            """
        ),
        (
            ["add", "x", "status:pending"],
            """
            "status:pending": todo has no attribute status to set; attribute words are \(keys); put -- before name \
            words that look like one
            """
        ),
        (
            ["add", "x", "uuid:abc"],
            """
            "uuid:abc": todo has no attribute uuid to set; attribute words are \(keys); put -- before name words that \
            look like one
            """
        ),
        (
            ["add", "x", "limit:3"],
            """
            "limit:3": todo has no attribute limit to set; attribute words are \(keys); put -- before name words that \
            look like one
            """
        ),
        (
            ["add", "x", "urg:5"],
            """
            "urg:5": todo has no attribute urgency to set; attribute words are \(keys); put -- before name words that \
            look like one
            """
        ),
        // Taskwarrior's description is the name: given by name words too, it is refused.
        (
            ["add", "x", "description:long"],
            """
            "description:long" gives the name, and so do the words "x"; put -- before name words that look like \
            attribute words
            """
        ),
        (
            ["add", "x", "desc:long"],
            """
            "desc:long" gives the name, and so do the words "x"; put -- before name words that look like attribute words
            """
        ),
        (["add", "description:a", "name:b"], "\"description:a\" and \"name:b\" both give the name; give it once"),
        (["edit", "1", "description:"], "\"description:\" would leave the name blank"),
        (
            ["add", "x", "notes:long"],
            """
            "notes:long": notes is no attribute word (--notes TEXT sets it); put -- before name words that look like \
            attribute words
            """
        ),
        (
            ["add", "x", "tags:a"],
            """
            "tags:a": tags is no attribute word (+TAG adds one); put -- before name words that look like attribute words
            """
        ),
        (
            ["add", "x", "tag:a"],
            """
            "tag:a": tags is no attribute word (+TAG adds one); put -- before name words that look like attribute words
            """
        ),
        (
            ["add", "x", "annotations:a"],
            """
            "annotations:a": annotations is no attribute word; put -- before name words that look like attribute words
            """
        ),
        (
            ["add", "x", "due.before:fri"],
            "\"due.before:fri\": .before is for filters; put -- before name words that look like attribute words"
        ),
        (
            ["add", "x", "+ACTIVE"],
            """
            "+ACTIVE": ACTIVE is a virtual tag, which todo gives by state, \
            not one to add or remove; --tag ACTIVE adds a tag of yours spelled so
            """
        ),
        (
            ["edit", "1", "-OVERDUE"],
            """
            "-OVERDUE": OVERDUE is a virtual tag, which todo gives by state, \
            not one to add or remove; --tag OVERDUE adds a tag of yours spelled so
            """
        ),
        // Taskwarrior reads re:budget as recur:budget too; only re: alone is the word "regarding".
        (["add", "x", "re:budget"], "\"re:budget\": a rule is \(Recurrence.accepted)"),
        (
            ["edit", "1", "pr:H"],
            """
            "pr:H": pr may be project or priority; write more of the name, \
            or put -- before name words that look like attribute words
            """
        )
    ])
    func refusedWordsAreUsageErrorsAndWriteNothing(arguments: [String], message: String) throws {
        try #require(todo.run("add", "first").status == 0)
        let before = todo.box.fileBytes()
        #expect(todo.run(arguments) == RunResult(stdout: "", stderr: "todo: \(message)\n", status: 2))
        #expect(todo.box.fileBytes() == before)
    }

    /// A tag in capitals that is no virtual tag is added by --tag (or +NAME) and found by tag:NAME.
    @Test func aTagInCapitalsIsFoundByTag() throws {
        #expect(todo.run("add", "x", "--tag", "ACTIVE", "+URGENT").status == 0)
        #expect(try stored(1).tags == ["ACTIVE", "URGENT"])
        #expect(todo.listed("tag:ACTIVE") == "1\n")
        #expect(todo.listed("tags.has:URGENT") == "1\n")
        #expect(todo.listed("+ACTIVE") == "")
        #expect(todo.run("list", "+URGENT").status == 2)
    }
}
