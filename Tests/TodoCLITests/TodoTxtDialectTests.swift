import Foundation
import Testing

/// How the todo.txt dialect reads `add`'s words (`TodoTxtLine`): quoted lines, priorities,
/// projects, contexts, add-ons and `--`, each checked on the todo's `--json` fields.
@Suite struct TodoTxtDialectTests {
    let todo: InProcess
    static let dialect = ["TODO_SYNTAX": "todotxt"]

    init() throws { todo = try InProcess() }

    /// The fields of the todo `add WORDS --json` makes in the dialect that the line can set.
    func added(_ words: String...) throws -> [String: String] {
        let result = todo.run(["add", "--json"] + words, environment: Self.dialect)
        #expect(result.status == 0 && result.stderr == "", "\(words): \(result)")
        let json = try #require(try parseJSON(result.stdout) as? [String: Any])
        let udas = json["udas"] as? [String: String] ?? [:]
        return [
            "name": json["name"] as? String ?? "?", "priority": json["priority"] as? String ?? "-",
            "project": json["project"] as? String ?? "-",
            "tags": (json["tags"] as? [String] ?? []).joined(separator: ","),
            "due": json["due"] as? String ?? "-", "wait": json["wait"] as? String ?? "-",
            "recur": json["recur"] as? String ?? "-",
            "created": json["createdAt"] as? String ?? "?", "letter": udas["todotxt_priority"] ?? "-"
        ]
    }

    static func fields(
        _ name: String, priority: String = "-", project: String = "-", tags: String = "", due: String = "-",
        wait: String = "-",
        recur: String = "-", created: String = "2026-11-25T12:00:00.000Z", letter: String = "-"
    ) -> [String: String] {
        [
            "name": name, "priority": priority, "project": project, "tags": tags, "due": due, "wait": wait,
            "recur": recur, "created": created, "letter": letter
        ]
    }

    @Test func aQuotedWholeLineIsTheTodoItHolds() {
        let result = todo.run(
            ["add", "(A) Call mom +Family @phone due:2026-12-02", "--json"], environment: Self.dialect)
        #expect(
            result
                == RunResult(
                    stdout: """
                        {"id": 1, "uuid": "00000000-0000-4000-8000-000000000001", "name": "Call mom", \
                        "description": "", "notes": "", "completed": false, "createdAt": "2026-11-25T12:00:00.000Z", \
                        "updatedAt": "2026-11-25T12:00:00.000Z", "completedAt": null, "synced": false, \
                        "tags": ["phone"], "project": "Family", "priority": "H", "due": "2026-12-02", "wait": null, \
                        "scheduled": null, "start": null, "depends": [], "annotations": [], "recur": null, \
                        "until": null, "series": null, "anchor": null, "udas": {}}

                        """, stderr: "", status: 0))
    }

    @Test func theWordsUnquotedAreTheSameLine() throws {
        let quoted = try added("(A) Call mom +Family @phone due:2026-12-02")
        #expect(try added("(A)", "Call", "mom", "+Family", "@phone", "due:2026-12-02") == quoted)
        #expect(try added("(A) Call", "mom +Family", "@phone due:2026-12-02") == quoted)
        #expect(quoted == Self.fields("Call mom", priority: "H", project: "Family", tags: "phone", due: "2026-12-02"))
    }

    @Test func priorities() throws {
        #expect(try added("(A) a") == Self.fields("a", priority: "H"))
        #expect(try added("(b) b") == Self.fields("b", priority: "M"))
        #expect(try added("(C) c") == Self.fields("c", priority: "L"))
        #expect(try added("(Q) q") == Self.fields("q", priority: "L", letter: "Q"))
        #expect(try added("pri:B", "p") == Self.fields("p", priority: "M"))
        #expect(try added("later (A)") == Self.fields("later (A)"))
        #expect(try added("(AB) two letters") == Self.fields("(AB) two letters"))
        #expect(
            try added("(A) 2026-11-01 dated")
                == Self.fields("dated", priority: "H", created: "2026-11-01T00:00:00.000Z"))
        #expect(try added("x marks the spot") == Self.fields("x marks the spot"))
    }

    @Test func projectsAndContexts() throws {
        #expect(
            try added("fix +home +garden @shed @weekend")
                == Self.fields("fix", project: "home", tags: "garden,shed,weekend"))
        #expect(try added("mail @me+you a+b") == Self.fields("mail a+b", tags: "me+you"))
    }

    @Test func addOns() throws {
        #expect(
            try added("pay due:2026-12-01 t:2026-11-28 rec:+1m")
                == Self.fields("pay", due: "2026-12-01", wait: "2026-11-28", recur: "monthly"))
        #expect(try added("water due:2026-11-26 rec:2d") == Self.fields("water", due: "2026-11-26", recur: "+2d"))
        #expect(try added("meet due:friday") == Self.fields("meet due:friday"))
        #expect(
            try added("twice due:2026-12-01 due:2026-12-02") == Self.fields("twice due:2026-12-02", due: "2026-12-01"))
        #expect(try added("see url:http://x.org/a") == Self.fields("see url:http://x.org/a"))
    }

    @Test func wordsAfterDoubleDashAreTheName() throws {
        #expect(
            try added("(A)", "call", "--", "+lit", "@x", "due:2026-12-02", "(B)")
                == Self.fields("call +lit @x due:2026-12-02 (B)", priority: "H"))
    }

    @Test func badWordsAreOneLineErrors() {
        #expect(
            todo.run(["add", "(A) +p @c"], environment: Self.dialect)
                == RunResult(
                    stdout: "", stderr: "todo: 'add' needs a NAME besides attribute words and options\n", status: 2))
        #expect(
            todo.run(["add", "rec:+1w weekly"], environment: Self.dialect)
                == RunResult(
                    stdout: "", stderr: "todo: a recurring todo needs a due date to count from: give due:DATE too\n",
                    status: 2))
        #expect(
            todo.run(["add", "x"], environment: ["TODO_SYNTAX": "nope"])
                == RunResult(
                    stdout: "", stderr: "todo: TODO_SYNTAX is one of taskwarrior, todotxt, not \"nope\"\n", status: 2))
        #expect(todo.run(["add", "x"], environment: Self.dialect).status == 0)
        #expect(
            todo.run(["pri", "1", "A1"], environment: Self.dialect)
                == RunResult(stdout: "", stderr: "todo: \"A1\" is no priority: give a letter from A to Z\n", status: 2))
        #expect(todo.run(["list", "--json"]).stdout.contains("\"name\": \"x\""))
    }

    @Test func theDefaultDialectKeepsTaskwarriorsMeanings() throws {
        let result = todo.run(["add", "(A)", "call", "+home", "--json"])
        let json = try #require(try parseJSON(result.stdout) as? [String: Any])
        #expect(
            json["name"] as? String == "(A) call" && json["tags"] as? [String] == ["home"] && json["priority"] is NSNull
        )
    }
}

/// `ls` in the dialect: todo.sh's lines and footer.
@Suite struct TodoTxtListingTests {
    @Test func theFooterCountsTheWaitingTodosLsLeavesOut() throws {
        let todo = try InProcess()
        let dialect = ["TODO_SYNTAX": "todotxt"]
        for line in ["(B) water plants @home", "file taxes t:2026-12-10 +admin", "call mom"] {
            todo.run(["add", line], environment: dialect)
        }
        #expect(
            todo.run(["ls"], environment: dialect)
                == RunResult(
                    stdout: """
                        1 (B) 2026-11-25 water plants @home
                        3 2026-11-25 call mom
                        --
                        TODO: 2 of 3 tasks shown

                        """, stderr: "", status: 0))
        #expect(
            todo.run(["ls", "--waiting"], environment: dialect).lines == [
                "1 (B) 2026-11-25 water plants @home", "3 2026-11-25 call mom",
                "2 2026-11-25 file taxes +admin t:2026-12-10", "--", "TODO: 3 of 3 tasks shown"
            ])
    }
}
