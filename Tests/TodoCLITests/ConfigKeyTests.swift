import Foundation
import Testing
import TodoSync
@testable import TodoCLI

/// The settings table (`ConfigKey`) is what `todo config` lists, takes and documents.
@Suite struct ConfigKeyTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func configListsEverySettingInTheTablesOrderTheTokenMasked() throws {
        #expect(try box.run("config", "token", "todo_secret_value").status == 0)
        let listed = try box.run("config").stdout.split(separator: "\n").dropLast().map(String.init)
        #expect(
            listed
                == ConfigKey.allCases.map { "\($0.rawValue) = \($0 == .token ? "(set, 17 characters)" : "(not set)")" })
    }

    /// Issue 40, Taskwarrior's show: where a value in force comes from, when not the file.
    @Test func configSaysWhereAValueComesFrom() throws {
        #expect(try box.run("config", "timeout", "20").status == 0)
        let listed = try box.run(
            ["rc.due-days=3", "config"], environment: ["TODO_TIMEOUT": "5", "TODO_TOKEN": "secret_value"]
        ).stdout
        #expect(listed.contains("timeout = 5  # from TODO_TIMEOUT, over the file's\n"))
        #expect(listed.contains("token = (set, 12 characters)  # from TODO_TOKEN, over the file's\n"))
        #expect(listed.contains("due-days = 3  # rc.due-days, this command only\n"))
        #expect(try box.run("config").stdout.contains("timeout = 20\n"))
    }

    @Test func everySettingAndItsVariableAreDocumented() throws {
        let help = try box.run("help", "config").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let environment = try box.run("help", "environment").stdout
        for key in ConfigKey.allCases {
            #expect(help.contains(key.rawValue + (key.variable.map { " (\($0))" } ?? "") + ":"), "\(key)")
            if let variable = key.variable { #expect(environment.contains(variable), "\(variable)") }
        }
        let unknown = try box.run("config", "colour", "red")
        #expect(
            unknown.status == 2
                && unknown.stderr.hasPrefix(
                    """
                    todo: 'colour' is not a valid key for 'config' (choose from \
                    \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")), context.NAME
                    """
                ), "\(unknown)")
    }
}
