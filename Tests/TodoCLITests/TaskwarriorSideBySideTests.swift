import Foundation
import Testing

/// The same filters in the real Taskwarrior 2.6 and in todo, on the same todos at the same
/// clock (todo's in process, Taskwarrior's by faketime): they must pick the same todos. The
/// formatting is not compared.
@Suite(.serialized) struct TaskwarriorSideBySideTests {
    static let clock = "2026-11-25 12:00:00"
    static let zone = "Europe/Berlin"
    /// todo, in process at the clock.
    let local: InProcess
    let taskwarrior: RealTaskwarrior
    let faketime: String

    init() throws {
        local = try InProcess(now: InProcess.moment(Self.clock, in: Self.zone), zone: Self.zone)
        taskwarrior = try RealTaskwarrior(in: local.box.directory, timeZone: Self.zone)
        faketime = try requiredTool("faketime", installer: ".ci/test-scripting-deps")
        for words in Self.todos { try todo(["add"] + words) }
        try todo(["5", "done"])
        try todo(["9", "done"])
        try todo(["7", "start"])
        try todo(["8", "annotate", "at the corner shop"])
        let export = try todo(["export", "--to", "taskwarrior"]).stdout
        let imported = try Sandbox.execute(
            faketime,
            [Self.clock, taskwarrior.task, "rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "import", "-"],
            stdin: export, environment: taskwarrior.environment)
        #expect(imported.status == 0, "\(imported)")
    }

    /// #1 to #9; #5 and #9 are done, #7 started, #3 waiting, #7 waits on #6.
    static let todos: [[String]] = [
        ["pay rent", "+bills", "project:home", "pri:H", "due:yesterday"],
        ["call mom", "+family", "due:+3d"],
        ["weed the beds", "+garden", "project:home.garden", "wait:+2d"],
        ["read book", "pri:L"],
        ["homework", "due:today"],
        ["write report", "+work", "project:acme", "pri:M", "due:tomorrow", "scheduled:yesterday"],
        ["deploy", "+work", "project:acme.web", "dep:6", "due:+10d"],
        ["buy milk", "+shop"],
        ["old thing", "+work"]
    ]

    @discardableResult
    func todo(_ arguments: [String]) throws -> RunResult {
        let result = local.run(arguments)
        #expect(result.status == 0, "todo \(arguments): \(result)")
        return result
    }

    /// The names of the todos `todo FILTER list --all` shows, or the error it gives.
    func todoPicks(_ filter: [String]) throws -> Result<Set<String>, TodoFailure> {
        let result = local.run(filter + ["list", "--all", "--json"])
        guard result.status == 0 else { return .failure(TodoFailure(message: result.stderr)) }
        let json = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        return .success(Set(json.compactMap { $0["name"] as? String }))
    }

    struct TodoFailure: Error { let message: String }

    /// The descriptions of the tasks `task FILTER export` gives, deleted ones left out.
    func taskwarriorPicks(_ filter: [String]) throws -> Set<String> {
        let arguments =
            ["rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "rc.json.array=on"] + filter + ["export"]
        let result = try Sandbox.execute(
            faketime, [Self.clock, taskwarrior.task] + arguments, stdin: "", environment: taskwarrior.environment)
        #expect(result.status == 0, "task \(filter): \(result)")
        let tasks = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        return Set(tasks.filter { $0["status"] as? String != "deleted" }.compactMap { $0["description"] as? String })
    }

    static let filters: [[String]] = [
        ["+bills"], ["-bills"], ["+work", "+bills"], ["+work", "or", "+shop"],
        ["(", "+work", "or", "+shop", ")", "-bills"],
        ["project:home"], ["project:acme"], ["pro:home"], ["proj:acme.web"], ["project:"], ["project.not:home"],
        ["project.startswith:ac"], ["project.endswith:web"], ["project.has:om"],
        ["priority:H"], ["pri:L"], ["prio:M"], ["priority:"], ["priority.any:"], ["priority.none:"],
        ["due:today"], ["due:tomorrow"], ["due.before:today"], ["due.after:today"], ["due.before:eow"], ["due:"],
        ["due.any:"],
        ["due.before:2026-11-30"], ["due.after:2026-11-26T00:00"],
        ["+OVERDUE"], ["+TODAY"], ["+TOMORROW"], ["+WEEK"], ["+MONTH"], ["+DUE"], ["+PENDING"], ["+COMPLETED"],
        ["+WAITING"],
        ["+ACTIVE"], ["+BLOCKED"], ["+BLOCKING"], ["+UNBLOCKED"], ["+SCHEDULED"], ["+READY"], ["+TAGGED"], ["-TAGGED"],
        ["+ANNOTATED"],
        ["+PROJECT"], ["-PROJECT"], ["+PRIORITY"],
        ["status:pending"], ["status:completed"], ["status:waiting"],
        ["/rent/"], ["/^b/"], ["description.has:mom"], ["description.startswith:buy"], ["description:pay"],
        ["description.endswith:book"],
        ["description.contains:MOM"], ["desc.has:o"], ["milk"], ["corner"], ["+YEAR"], ["+QUARTER"],
        ["end.after:yesterday"], ["end.before:tomorrow"], ["end.after:tomorrow"], ["entry.before:tomorrow"],
        ["entry.after:tomorrow"],
        ["entry.after:yesterday", "+work"], ["modified.after:yesterday", "-work"],
        ["(project:home or +work)"], ["tags.has:work"], ["tags.hasnt:work"], ["+work", "-COMPLETED"], ["not", "+work"]
    ]

    /// Where todo picks otherwise on purpose; each entry says why.
    static let differences: [String: String] = [
        "description.contains:MOM": "todo's searches ignore case; Taskwarrior's search.case.sensitive is on by default",
        "not +work": "Taskwarrior has no 'not' (it searches for the word); todo reads it as its negation"
    ]

    @Test func theSameFiltersPickTheSameTodos() throws {
        #expect(Self.filters.count >= 30)
        var disagreements: [String] = []
        for filter in Self.filters {
            let key = filter.joined(separator: " ")
            let theirs = try taskwarriorPicks(filter)
            switch try todoPicks(filter) {
            case .failure(let failure): disagreements.append("\(key): todo failed: \(failure.message)")
            case .success(let mine) where mine != theirs && Self.differences[key] == nil:
                disagreements.append("\(key): todo \(mine.sorted()), task \(theirs.sorted())")
            case .success: break
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}

/// `modify /FROM/TO/` and `modify description:TEXT` in the real Taskwarrior 2.6 and in todo,
/// on the same tasks: the names (descriptions) and annotations after must be the same. The
/// cases are Taskwarrior's own test/substitute.test.py, tw-295 and bug 441.
@Suite(.serialized) struct TaskwarriorSubstitutionSideBySideTests {
    let local: InProcess
    let taskwarrior: RealTaskwarrior

    init() throws {
        local = try InProcess(zone: "UTC")
        taskwarrior = try RealTaskwarrior(in: local.box.directory, timeZone: "UTC")
    }

    /// The name and annotation texts of todo 1, in todo and in Taskwarrior.
    func both() throws -> (mine: [String], theirs: [String]) {
        let todo = try #require(try local.box.state().todo(id: 1))
        let task = try #require(try taskwarrior.export().first)
        let notes = (task["annotations"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
        return ([todo.name] + todo.annotations.map(\.text), [task["description"] as? String ?? ""] + notes)
    }

    @Test(
        arguments: [
            (
                ["foo foo foo"], [],
                [["/foo/FOO/"], ["/foo/FOO/g"], ["/FOO/aaa/"], ["/FOO/bbb/"], ["/FOO/ccc/"], ["/bbb//"]]
            ),
            (["foo foo foo"], ["bar bar bar"], [["/bar/BAR/"], ["/bar/BAR/g"]]),
            (["login page login"], ["a login note"], [["/login/signin/"], ["/login/x/g"]]),
            (["aaa bbb"], [], [["/b{3}/BbB/"]]),
            (["aaaaBaaaa"], [], [["/aaaa/c/g"]]),
            (["one two three"], [], [["/two/two:/"]]),
            (["--", "one/two/three"], [], [["/\\/two\\//TWO/"]]),
            (["old name"], [], [["description:new name"], ["/new/newer/", "+tag"]])
        ] as [([String], [String], [[String]])])
    func theSameModificationsMakeTheSameNames(add: [String], annotation: [String], modifications: [[String]]) throws {
        #expect(local.run(["add"] + add).status == 0)
        try taskwarrior.run(["add"] + add)
        if !annotation.isEmpty {
            #expect(local.run(["annotate", "1"] + annotation).status == 0)
            try taskwarrior.run(["1", "annotate"] + annotation)
        }
        for words in modifications {
            #expect(local.run(["1", "modify"] + words).status == 0, "todo 1 modify \(words)")
            try taskwarrior.run(["1", "modify"] + words)
            let (mine, theirs) = try both()
            #expect(mine == theirs, "after modify \(words)")
        }
    }

    /// A substitution that matches nothing: Taskwarrior modifies 0 tasks and exits 0, todo says
    /// so and exits 1 (never a silent no-op); both leave the task as it was.
    @Test func aSubstitutionThatMatchesNothingChangesNothingInEither() throws {
        local.run("add", "login page")
        try taskwarrior.run("add", "login page")
        #expect(local.run("1", "modify", "/LOGIN/x/").status == 1)
        try taskwarrior.run("1", "modify", "/LOGIN/x/")
        let (mine, theirs) = try both()
        #expect(mine == ["login page"])
        #expect(mine == theirs)
    }
}
