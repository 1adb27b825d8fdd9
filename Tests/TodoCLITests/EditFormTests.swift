import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

/// The text `todo edit` puts in the editor reads back as every field exactly as it was.
@Suite struct EditFormTests {
    static let t = FixedClock.epoch
    static let dates = DateContext(now: t, timeZone: TimeZone(identifier: "Asia/Kolkata")!)
    /// The attribute lines of a todo without attributes.
    static let noAttributes = Array(repeating: "", count: EditForm.fields.count - 3)

    func todo(_ name: String, _ description: String = "", _ notes: String = "") -> Todo {
        Todo(
            id: 7, uuid: UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000000")!, name: name,
            description: description, notes: notes, createdAt: Self.t)
    }

    /// The values `EditForm.parse` reads back from what `EditForm.render` wrote.
    func roundTrip(_ todo: Todo) throws -> [String] {
        let values = try #require(try EditForm.parse(EditForm.render(todo, InputContext(dates: Self.dates))))
        return EditForm.fields.map { values[$0.key] ?? "<missing>" }
    }

    @Test func plainValuesAreWrittenAsTheyAreAndCommentsFollow() {
        let text = EditForm.render(
            todo("#1 priority: taxes", "# not a comment\nnotes: not a field\n\n  indented", "2 litres"),
            InputContext(dates: Self.dates))
        #expect(
            text == #"""
                name: #1 priority: taxes
                description:
                  # not a comment
                  notes: not a field

                    indented
                notes: 2 litres
                tags:
                project:
                priority:
                due:
                wait:
                scheduled:
                start:
                depends:
                annotations:
                recur:
                until:
                udas:

                # Editing todo #7 (8f0e1c2a). A field starts at a line beginning with its
                # name: 'name:', 'description:', 'notes:', 'tags:', 'project:', 'priority:',
                # 'due:', 'wait:', 'scheduled:', 'start:', 'depends:', 'annotations:',
                # 'recur:', 'until:', 'udas:'. Indent the further lines of a value by two
                # spaces; a line starting with '#' is a comment. A value in double quotes is
                # read as a JSON string (\n, \t, \", \\, \u001b). Tags are words separated by
                # blanks; dependencies are todo numbers; an annotation is a line YYYY-MM-DD
                # HH:MM:SS TEXT, an attribute a line NAME: VALUE; a priority is H, M or L; a
                # rule is daily, weekdays, weekly, monthly, yearly or a count and a unit (2w,
                # +1w after completion); a date is typed as on the command line (2026-12-01,
                # 2026-12-01T15:00, fri, +3d); an empty value is none. Save an unchanged file
                # to change nothing, an empty one to abort.

                """#)
    }

    @Test func valuesLinesCannotCarryAreJSONStrings() {
        let text = EditForm.render(
            todo("a\nb", " leading", "\u{1B}]0;pwned\u{07}\tend "), InputContext(dates: Self.dates))
        #expect(
            text.hasPrefix(
                """
                name:
                  a
                  b
                description: " leading"
                notes: "\\u001b]0;pwned\\u0007\\tend "

                """))
        #expect(EditForm.line("notes", "trailing blank \nnext") == "notes: \"trailing blank \\nnext\"\n")
        #expect(EditForm.line("notes", "\"quoted\"") == "notes: \"\\\"quoted\\\"\"\n")
        #expect(EditForm.line("notes", "ends in a newline\n") == "notes: \"ends in a newline\\n\"\n")
        #expect(EditForm.line("notes", "c1 \u{9B}31m") == "notes: \"c1 \\u009b31m\"\n")
        #expect(EditForm.line("notes", "") == "notes:\n")
    }

    @Test(arguments: [
        "#1 priority: taxes", "# only a hash line", "name: x", "notes:", "\"", "\"\"", "\"a\" and b", "a\\nb",
        "\n", "\n\nx\n\n", " ", "\t", "x\r\ny", "tab\there", "é 中文 🎉", "line\u{2028}separator", "nel\u{85}",
        "\u{1B}[31mred\u{1B}[0m", "bell\u{07}", "back\u{08}space", "del\u{7F}", "nul\u{0}", "  two\n  lines  ",
        "a\n\n\nb", "a\n \nb", "x\n#y\nnotes: z\ndescription: w"
    ])
    func everyAwkwardValueRoundTripsInEveryField(value: String) throws {
        #expect(try roundTrip(todo("name", value, value)) == ["name", value, value] + Self.noAttributes)
        #expect(try roundTrip(todo(value, "", "")) == [value, "", ""] + Self.noAttributes)
    }

    /// Random strings over characters that each mean something to the form.
    @Test func randomValuesRoundTrip() throws {
        let alphabet: [Character] = [
            "a", "b", " ", "\t", "\n", "\r", "\r\n", "#", ":", "\"", "\\", "\u{1B}", "\u{85}", "é", "n", "o", "t", "e",
            "s", "🎉"
        ]
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<2000 {
            let values = (0..<3).map { _ in
                String(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
            }
            #expect(try roundTrip(todo(values[0], values[1], values[2])) == values + Self.noAttributes)
        }
    }

    @Test func readingForgivesWhatEditorsAndPeopleDo() throws {
        let attributes =
            """
            Tags: a  b\r\nproject:\r\npriority: h\r\nDUE: fri\r\nwait:\r\nscheduled:\r\nstart:\r\ndepends:\r\n\
            annotations:\r\nrecur: 2w\r\nuntil:\r\nudas:\r\n
            """
        let text =
            """
            \r\n# comment\r\nName: renamed\r\ndescription: first\r\nunindented second\r\n\t tab-indented\r\n   \r\n\r\n\
            NOTES:\r\n\r\n  n1\r\n  \r\n  n2\r\n\r\n
            """
            + attributes
        #expect(
            try EditForm.parse(text) == [
                "name": "renamed", "description": "first\nunindented second\n tab-indented", "notes": "n1\n\nn2",
                "tags": "a  b", "project": "", "priority": "h", "due": "fri", "wait": "", "scheduled": "", "start": "",
                "depends": "",
                "annotations": "", "recur": "2w", "until": "", "udas": ""
            ])
        #expect(
            try EditForm.parse("name: \"a\\tb\"\ndescription:\n  \"x\"\nnotes: \"not json\n" + attributes)?["name"]
                == "a\tb")
    }

    @Test func nothingButCommentsAndBlanksMeansAbort() throws {
        #expect(try EditForm.parse("") == nil)
        #expect(try EditForm.parse("\n# name: x\n  \n") == nil)
    }

    @Test(arguments: [
        ("stray\nname: x\ndescription:\nnotes:", "line 1: text before the first field; fields start with 'name:'"),
        ("name: x\ndescription:\nnotes:\nname: y", "line 4: a second 'name:' line"),
        ("name: x\nnotes:", "no 'description:' line"),
        ("name: x\ndescription:\nnotes:\ntags:\nproject:\npriority:\ndue:", "no 'wait:' line")
    ])
    func malformedFilesAreExplained(text: String, message: String) {
        #expect(throws: InputError(message)) { try EditForm.parse(text) }
    }

    /// The attributes as the form writes them, and the values the form reads back from that text.
    @Test func attributesAreWrittenAsTypedAndReadBackExactly() throws {
        var todo = todo("x")
        todo.tags = ["zeta", "alpha"]
        todo.project = "home.garden"
        todo.priority = .low
        todo.due = .day(CalendarDay(iso: "2026-12-01")!)
        todo.wait = DueDate(wire: "2026-12-01T09:45:00.000Z")
        let text = EditForm.render(todo, InputContext(dates: Self.dates))
        #expect(
            text.contains(
                "\ntags: alpha zeta\nproject: home.garden\npriority: L\ndue: 2026-12-01\nwait: 2026-12-01T15:15\n"))
        let values = try #require(try EditForm.parse(text))
        for field in EditForm.fields {
            let change = try field.change(try #require(values[field.key]), InputContext(dates: Self.dates))
            #expect(
                change == .set(TodoField(rawValue: field.key)!, TodoField(rawValue: field.key)!.value(of: todo)),
                "\(field.key)")
        }
    }

    @Test(arguments: [
        ("tags", "a +b", "\"+b\" is no tag: a tag is a word without blanks that does not start with a digit, + or -"),
        ("project", "two words", "a project is a name without blanks"),
        ("priority", "X", "a priority is H, M or L, or nothing for none"),
        ("due", "soonish", "cannot read the date \"soonish\"; use \(DateReader.accepted)")
    ])
    func valuesAFieldCannotHoldAreExplained(key: String, text: String, message: String) throws {
        let field = try #require(EditForm.fields.first { $0.key == key })
        #expect(throws: InputError(message)) { try field.change(text, InputContext(dates: Self.dates)) }
    }
}
