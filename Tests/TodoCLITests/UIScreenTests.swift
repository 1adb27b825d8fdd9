import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

/// `todo ui`'s screen as lines, exactly, from models: at several sizes, with and without colour.
@Suite struct UIScreenTests {
    static let now = FixedClock.epoch

    /// Four todos as list shows them: one due, one with a long name and an emoji, one with
    /// a wide name, one completed.
    static func model(width: Int, height: Int) -> UIModel {
        var model = UIModel()
        model.now = now
        var water = UIModelTests.todo(1, "Water plants")
        water.tags = ["home"]
        water.due = .day(DateContext(now: now, timeZone: TimeZone(identifier: "UTC")!).today.adding(days: 2))
        let milk = UIModelTests.todo(2, "Buy milk 🥛 and a very long name that goes on and on")
        let wide = UIModelTests.todo(3, "日本語の名前はとても長いです")
        let done = UIModelTests.todo(12, "Call mom", completed: true)
        model.view = .all
        model.replace(todos: [wide, milk, water, done], counts: TodoCounts(total: 4, active: 3, completed: 1))
        model.resize(width: width, height: height)
        return model
    }

    @Test func at60By10() {
        var model = Self.model(width: 60, height: 10)
        model.select(1)
        #expect(
            UIScreen.lines(model) == [
                "todo ui: all · 4 of 4: 3 active, 1 completed",
                "   3 [ ] 日本語の名前はとても長いです",
                ">  2 [ ] Buy milk 🥛 and a very long name that goes on and …",
                "   1 [ ] Water plants  +home due in 2d",
                "  12 [x] Call mom",
                "",
                "",
                "",
                "",
                "q quit  ? keys  j/k move  a add  d done  x delete  Enter sh…"
            ])
    }

    @Test func at40By10() {
        let model = Self.model(width: 40, height: 10)
        #expect(
            UIScreen.lines(model) == [
                "todo ui: all · 4 of 4: 3 active, 1 comp…",
                ">  3 [ ] 日本語の名前はとても長いです",
                "   2 [ ] Buy milk 🥛 and a very long na…",
                "   1 [ ] Water plants  +home due in 2d",
                "  12 [x] Call mom",
                "",
                "",
                "",
                "",
                "q quit  ? keys  j/k move  a add  d done…"
            ])
    }

    @Test func at20By4() {
        let model = Self.model(width: 20, height: 4)
        #expect(
            UIScreen.lines(model) == [
                "todo ui: all · 4 of…",
                ">  3 [ ] 日本語の名…",
                "",
                "q quit  ? keys  j/k…"
            ])
    }

    @Test func inColour() {
        var model = Self.model(width: 60, height: 6)
        model.message = "Completed #12 \"Call mom\""
        #expect(
            UIScreen.lines(model, style: Style(enabled: true)) == [
                "\u{1B}[7mtodo ui: all · 4 of 4: 3 active, 1 completed                \u{1B}[0m",
                "\u{1B}[7m>  3 [ ] 日本語の名前はとても長いです\u{1B}[0m",
                "   \u{1B}[1m2\u{1B}[0m [ ] Buy milk 🥛 and a very long name that goes on and …",
                "   \u{1B}[1m1\u{1B}[0m [ ] Water plants  +home due in 2d",
                "Completed #12 \"Call mom\"",
                "\u{1B}[7mq quit  ? keys  j/k move  a add  d done  x delete  Enter sh…\u{1B}[0m"
            ])
    }

    @Test func statusNamesFilterContextAndSync() {
        var model = Self.model(width: 120, height: 10)
        model.filter = ["+home", "\u{1B}[31m"]
        model.context = "work"
        model.syncConfigured = true
        model.counts.unsynced = 2
        model.counts.conflicted = 1
        // The escape is shown, never sent.
        #expect(
            UIScreen.status(model)
                == "todo ui: all · /+home \\x1b[31m · context work · 4 of 4: 3 active, 1 completed · 2 not synced "
                + "· 1 in conflict"
        )
    }

    @Test func promptsAndQuestions() {
        var model = Self.model(width: 30, height: 10)
        model.mode = .prompt(.add, text: "Water plants +home due:fri and more")
        #expect(UIScreen.bottom(model, style: .plain) == "add: … +home due:fri and more_")
        model.mode = .confirm(UIModelTests.uuid(3))
        #expect(UIScreen.bottom(model, style: .plain) == "Delete #3 \"日本語の名前はとて…")
        model.mode = .list
        model.message = "a name\nwith a line break"
        #expect(UIScreen.bottom(model, style: .plain) == "a name\\nwith a line break")
    }

    @Test func detailsAndHelp() {
        var model = Self.model(width: 30, height: 6)
        model.mode = .details(
            lines: [
                "Number:       3", "Name:         日本語の名前はとても長いです",
                "Status:       active", "Tags:         -"
            ],
            top: 1)
        #expect(
            UIScreen.lines(model) == [
                "todo ui: all · 4 of 4: 3 acti…",
                "Name:         日本語の名前は…",
                "Status:       active",
                "Tags:         -",
                "",
                "Esc back  j/k scroll"
            ])
        model.mode = .help
        #expect(
            UIScreen.lines(model) == [
                "todo ui: all · 4 of 4: 3 acti…",
                "j k ↓ ↑     move down, up",
                "PgDn PgUp   a screen down, up…",
                "g G         first, last",
                "",
                "any key back"
            ])
    }

    @Test func anEmptyList() {
        var model = UIModel()
        model.resize(width: 40, height: 5)
        #expect(
            UIScreen.lines(model) == [
                "todo ui: active · 0 of 0: 0 active, 0 c…",
                "No todos yet: a adds one.",
                "",
                "",
                "q quit  ? keys  j/k move  a add  d done…"
            ])
        model.counts = TodoCounts(total: 3, active: 0, completed: 3)
        #expect(UIScreen.rows(model, style: .plain) == ["No todo here: Tab shows another view, /…"])
    }

    /// Every line fits its width, at every size from 1×1 to 50×12, in every mode.
    @Test func everyLineFitsEverySize() {
        for width in 1...50 {
            for height in 1...12 {
                var model = Self.model(width: width, height: height)
                for mode in [
                    UIModel.Mode.list, .help, .prompt(.filter, text: "+home 日本語"), .confirm(UIModelTests.uuid(2)),
                    .details(lines: ["Name:  日本語の名前"], top: 0)
                ] {
                    model.mode = mode
                    let lines = UIScreen.lines(model)
                    #expect(lines.count == height, "\(width)×\(height) \(mode)")
                    #expect(lines.allSatisfy { displayWidth($0) <= width }, "\(width)×\(height) \(mode): \(lines)")
                }
            }
        }
    }
}
