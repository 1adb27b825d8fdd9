import Foundation
import Testing
import TodoCore

/// `todo config urgency.…`: Taskwarrior 2.6's urgency settings are taken, checked, listed and
/// documented from one table (`UrgencySetting`), and read by what counts urgency.
@Suite struct UrgencyConfigTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test(arguments: [
        (
            "urgency.due.coefficient", "abc",
            "todo: urgency.due.coefficient must be a number, as 5 or -1.5, not \"abc\"\n"
        ),
        (
            "urgency.user.tag.urgent.coefficient", "",
            "todo: urgency.user.tag.urgent.coefficient must be a number, as 5 or -1.5, not \"\"\n"
        ),
        ("urgency.age.max", "-3", "todo: urgency.age.max must be a number of days, 0 or more, not \"-3\"\n"),
        (
            "urgency.uda.9x.coefficient", "1",
            "todo: urgency.uda.9x.coefficient: \"9x\" cannot name an attribute: \(UDA.rule)\n"
        )
    ])
    func badValuesAreRefused(key: String, value: String, stderr: String) throws {
        #expect(try box.run("config", key, value) == RunResult(stdout: "", stderr: stderr, status: 2))
        #expect(try box.run("config").stdout.contains("urgency") == false)
    }

    /// A negative coefficient is a value, not an option.
    @Test func negativeValuesAreTaken() throws {
        #expect(
            try box.run("config", "urgency.blocked.coefficient", "-4.5") == RunResult(stdout: "", stderr: "", status: 0)
        )
        #expect(try box.run("config", "urgency.blocked.coefficient").stdout == "-4.5\n")
    }

    @Test func aKeyOfNoUrgencySettingIsRefused() throws {
        let result = try box.run("config", "urgency.next.coefficient", "3")
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("todo: 'urgency.next.coefficient' is not a valid key for 'config' (choose from "),
            "\(result)")
        #expect(
            result.stderr.contains("urgency.user.tag.TAG.coefficient, urgency.user.project.PROJECT.coefficient"),
            "\(result)")
    }

    @Test func settingsAreListedAndCounted() throws {
        try box.run("add", "deploy the site", "+urgent")
        #expect(try box.run("_get", "1.urgency").stdout == "0.8\n")
        for (key, value) in [
            ("urgency.user.tag.urgent.coefficient", "4"), ("urgency.user.keyword.deploy.coefficient", "2.5"),
            ("urgency.tags.coefficient", "0")
        ] {
            #expect(try box.run("config", key, value).status == 0)
        }
        let listed = try box.run("config").stdout
        #expect(
            listed.contains(
                """
                urgency.tags.coefficient = 0\nurgency.user.keyword.deploy.coefficient = 2.5\n\
                urgency.user.tag.urgent.coefficient = 4\n
                """
            ), "\(listed)")
        #expect(try box.run("_get", "1.urgency").stdout == "6.5\n")
        #expect(try box.run("list", "--format", "{id} {urgency}").stdout == "1 6.5\n")
        #expect(try box.run("list", "urgency.over:6", "--ids").stdout == "1\n")
        #expect(try box.run("show", "1").stdout.contains("\nUrgency:      6.5\n"))
    }

    @Test func everySettingIsDocumented() throws {
        let help = try box.run("help", "config").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let next = try box.run("help", "next").stdout
        for setting in UrgencySetting.allCases {
            #expect(help.contains(setting.key), "\(setting)")
            #expect(next.contains(setting.key), "\(setting)")
        }
    }
}
