import Foundation
import Testing

/// burndown and history against the real Taskwarrior 2.6 on the same todos, made by todo at
/// several clocks and imported into `task` (at the last, with faketime): the counts must agree,
/// not the drawing.
@Suite(.serialized) struct TaskwarriorReportTests {
    static let zone = "Europe/Berlin"
    static let end = "2026-11-20 12:00:00"
    /// todo, in process at the clock of each step.
    let local: InProcess
    let taskwarrior: RealTaskwarrior
    let faketime: String

    init() throws {
        local = try InProcess(zone: Self.zone)
        taskwarrior = try RealTaskwarrior(in: local.box.directory, timeZone: Self.zone)
        faketime = try requiredTool("faketime", installer: ".ci/test-scripting-deps")
        let steps: [(String, [[String]])] = [
            ("2026-10-28 09:00:00", [["add", "g"]]),
            ("2026-11-02 09:00:00", [["done", "1"]]),
            ("2026-11-10 09:00:00", [["add", "a", "project:home"], ["add", "b"], ["add", "c", "+work"]]),
            ("2026-11-12 23:30:00", [["add", "d"], ["done", "2"]]),
            ("2026-11-14 09:00:00", [["start", "3"], ["add", "e", "+work"]]),
            ("2026-11-16 09:00:00", [["done", "4"]]),
            ("2026-11-18 09:00:00", [["add", "f"]])
        ]
        for (clock, commands) in steps {
            for command in commands { try todo(command, at: clock) }
        }
        let export = try todo(["export", "--to", "taskwarrior"], at: Self.end).stdout
        let imported = try Sandbox.execute(
            faketime,
            [Self.end, taskwarrior.task, "rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "import", "-"],
            stdin: export, environment: taskwarrior.environment)
        #expect(imported.status == 0, "\(imported)")
    }

    @discardableResult
    func todo(_ arguments: [String], at clock: String) throws -> RunResult {
        local.now = InProcess.moment(clock, in: Self.zone)
        let result = local.run(arguments + ["--quiet"])
        #expect(result.status == 0, "todo \(arguments): \(result)")
        return result
    }

    func task(_ arguments: [String]) throws -> String {
        let overrides = [
            "rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "rc.color=off", "rc.defaultwidth=80"
        ]
        let result = try Sandbox.execute(
            faketime, [Self.end, taskwarrior.task] + overrides + arguments, stdin: "",
            environment: taskwarrior.environment)
        #expect(result.status == 0, "task \(arguments): \(result)")
        return result.stdout
    }

    /// history.monthly's rows: "2026 November  6  2  0  4" as [year month, added, completed, deleted].
    @Test(arguments: [[String](), ["+work"]]) func historyCountsAsTaskwarriorDoes(filter: [String]) throws {
        // Taskwarrior writes a year once, on its first month.
        var year = ""
        let theirs = try task(filter + ["history.monthly"]).split(separator: "\n").compactMap { line -> [String]? in
            var words = line.split(separator: " ").map(String.init)
            if words.count == 6, Int(words[0]) != nil { year = words.removeFirst() }
            guard words.count == 5, !year.isEmpty, words[0] != "Average", Int(words[1]) != nil else { return nil }
            return [year + " " + words[0]] + words[1...3]
        }
        let ours = try todo(["history"] + filter, at: Self.end).stdout.split(separator: "\n").dropFirst().compactMap {
            line -> [String]? in
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 6, Int(words[0]) != nil else { return nil }
            return [words[0] + " " + words[1]] + words[2...4]
        }
        #expect(!ours.isEmpty)
        #expect(ours == theirs)
    }

    /// burndown.daily's bars, read off a chart whose rows are one todo each (the height set so
    /// the plot is as many rows as the y axis's top), against `todo burndown --json`.
    @Test(arguments: [[String](), ["+work"]]) func burndownCountsAsTaskwarriorDoes(filter: [String]) throws {
        let json = try todo(["burndown", "--json"] + filter, at: Self.end).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let bars = try #require(object["bars"] as? [[String: Any]])
        let ours = bars.suffix(12).map { bar in [bar["pending"] as! Int, bar["started"] as! Int, bar["done"] as! Int] }
        let most = ours.map { $0.reduce(0, +) }.max()!
        let top = most < 20 ? most + 2 - most % 2 : most
        // A plot of `rows` rows, a whole multiple of the top (and at least 5, or Taskwarrior
        // draws none): each todo is then `rows / top` rows high.
        let each = (5 + top - 1) / top
        let chart = try task(filter + ["rc.defaultheight=\(top * each + 9)", "burndown.daily"]).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(Array.init)
        let axis = try #require(
            chart.firstIndex {
                $0.contains("+") && $0.contains("-") && !$0.contains("X") && $0.filter { $0 == "-" }.count > 10
            })
        let labels = chart[axis + 1]
        // Each bar is drawn at its label's column, one column in.
        let columns = labels.indices.filter {
            $0 + 1 < labels.count && labels[$0].isNumber && labels[$0 + 1].isNumber
                && ($0 == 0 || labels[$0 - 1] == " ")
        }
        let theirs = columns.suffix(12).map { column in
            ["X", "+", "."].map { mark in
                chart[..<axis].count { $0.count > column + 1 && $0[column + 1] == mark } / each
            }
        }
        #expect(ours.contains { $0 != [0, 0, 0] })
        #expect(ours == theirs.map { $0.map { $0 } } as [[Int]], "\(chart.map { String($0) }.joined(separator: "\n"))")
        let netFixRate = try task(filter + ["burndown.daily"]).split(separator: "\n").first {
            $0.contains("Net Fix Rate")
        }
        let ourRate = try todo(["burndown"] + filter, at: Self.end).stdout.split(separator: "\n").first {
            $0.hasPrefix("Net fix rate:")
        }
        #expect(
            ourRate?.split(separator: " ").last == netFixRate?.split(separator: " ").last,
            "\(String(describing: netFixRate)) vs \(String(describing: ourRate))")
    }
}
