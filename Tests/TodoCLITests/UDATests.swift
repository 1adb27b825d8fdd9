import Foundation
import Testing
import TodoCore

/// User-defined attributes: `todo config uda.NAME.type` declares one; then `NAME:VALUE` sets
/// it on add and edit, checked by its type, and show, --format and --json carry it.
@Suite struct UDATests {
    let box: Sandbox
    let noon = NoonZone()
    init() throws {
        box = try Sandbox()
        for (key, value) in [
            ("uda.client.type", "string"), ("uda.estimate.type", "number"), ("uda.estimate.label", "Estimate (h)"),
            ("uda.size.type", "string"), ("uda.size.values", "S,M,L"), ("uda.review.type", "date"),
            ("uda.effort.type", "duration")
        ] {
            try #require(try run("config", key, value) == RunResult(stdout: "", stderr: "", status: 0))
        }
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> RunResult {
        try box.run(arguments, stdin: stdin, environment: noon.environment)
    }

    func stored(_ id: Int) throws -> Todo { try #require(try box.state().todo(id: id)) }

    @Test func declaredAttributesAreSetByTheirWordsAndCheckedByTheirType() throws {
        #expect(
            try run("add", "call", "client:acme", "back", "estimate:2.5", "size:M", "review:2026-12-01", "effort:3h")
                == RunResult(stdout: "1\n", stderr: "", status: 0))
        let todo = try stored(1)
        #expect(todo.name == "call back")
        #expect(todo.udas == ["client": "acme", "estimate": "2.5", "size": "M", "review": "2026-12-01", "effort": "3h"])
        #expect(try run("edit", "1", "client:", "size:L").status == 0)
        #expect(try stored(1).udas == ["estimate": "2.5", "size": "L", "review": "2026-12-01", "effort": "3h"])
    }

    @Test func aValueItsTypeRefusesIsAUsageErrorAndChangesNothing() throws {
        try run("add", "x", "size:S")
        let before = box.fileBytes()
        #expect(
            try run("edit", "1", "size:XL")
                == RunResult(stdout: "", stderr: "todo: \"size:XL\": size is one of S, M, L, not \"XL\"\n", status: 2))
        #expect(
            try run("edit", "1", "estimate:lots")
                == RunResult(
                    stdout: "", stderr: "todo: \"estimate:lots\": estimate is a number, not \"lots\"\n", status: 2))
        #expect(try run("edit", "1", "effort:soon").status == 2)
        #expect(try run("add", "y", "review:soonish").status == 2)
        #expect(box.fileBytes() == before)
    }

    @Test func anUndeclaredNameIsPartOfTheName() throws {
        try run("add", "meet", "cc:budget")
        #expect(try stored(1).name == "meet cc:budget")
        #expect(try stored(1).udas.isEmpty)
    }

    @Test func showListsEachUnderItsLabelAndFormatAndJSONCarryThem() throws {
        try run("add", "x", "client:acme", "estimate:2")
        let shown = try run("show", "1").stdout
        #expect(shown.contains("\nclient:       acme\n"))
        #expect(shown.contains("\nEstimate (h): 2\n"))
        #expect(!shown.contains("Udas"))
        #expect(try run("list", "--format", "{id} {client} {size}|").stdout == "1 acme |\n")
        let json = try #require(try parseJSON(try run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["udas"] as? [String: String] == ["client": "acme", "estimate": "2"])
        #expect(try run("list", "--format", "{nosuch}").status == 2)
    }

    @Test func configRefusesWhatDeclaresNothing() throws {
        let cases: [([String], String)] = [
            (
                ["uda.2x.type", "string"],
                """
                todo: "2x" cannot name an attribute: a word of ASCII letters, digits, _ and -, starting with a letter, \
                and no field of todo's\n
                """
            ),
            (
                ["uda.due.type", "date"],
                """
                todo: "due" cannot name an attribute: a word of ASCII letters, digits, _ and -, starting with a \
                letter, and no field of todo's\n
                """
            ),
            (["uda.x.type", "wat"], "todo: uda.x.type is string, number, date or duration, not \"wat\"\n"),
            (["uda.y.values", "a,b"], "todo: uda.y has values or a label but no type: set uda.y.type\n")
        ]
        for (arguments, message) in cases {
            #expect(try box.run(["config"] + arguments) == RunResult(stdout: "", stderr: message, status: 2))
        }
        #expect(try run("config", "uda.client.colour", "red").status == 2)
        #expect(try run("config").stdout.contains("uda.size.values = S,M,L\n"))
    }

    @Test func attributesNoConfigDeclaresAreKeptThroughAnEdit() throws {
        try run("add", "x", "client:acme")
        try run("config", "--unset", "uda.client.type")
        #expect(try run("edit", "1", "pri:H").status == 0)
        #expect(try stored(1).udas == ["client": "acme"])
        #expect(try run("show", "1").stdout.contains("\nclient:       acme\n"))
    }

    @Test func filtersAndSortKeysCompareValuesAsTheirTypeOrdersThem() throws {
        try run("add", "a", "estimate:3", "client:acme", "review:2026-12-01", "effort:2h")
        try run("add", "b", "estimate:10", "client:initech", "review:2026-11-28", "effort:1d")
        try run("add", "c")
        func ids(_ arguments: String...) throws -> String {
            try box.run(["list", "--format", "{id}"] + arguments, environment: noon.environment).stdout
        }
        // Numbers and durations by amount (10 after 3, a day after 2 hours), todos without one last.
        #expect(try ids("--sort", "estimate") == "1\n2\n3\n")
        #expect(try ids("--sort", "-estimate") == "2\n1\n3\n")
        #expect(try ids("--sort", "-effort") == "2\n1\n3\n")
        #expect(try ids("--sort", "review,name") == "2\n1\n3\n")
        #expect(try ids("estimate.above:4") == "2\n")
        #expect(try ids("estimate.below:4") == "1\n")
        #expect(try ids("estimate:3.0") == "1\n")
        #expect(try ids("estimate:") == "3\n")
        #expect(try ids("client:acme", "or", "client:initech") == "2\n1\n")
        #expect(try ids("review.before:2026-11-30") == "2\n")
        #expect(
            try run("list", "estimate.above:x")
                == RunResult(
                    stdout: "", stderr: "todo: \"estimate.above:x\": estimate is a number, not \"x\"\n", status: 2))
        #expect(try run("list", "--sort", "estmate").status == 2)
    }
}
