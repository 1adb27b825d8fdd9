import Foundation
import Testing
import TodoCore

/// Taskwarrior 2.6's colour syntax, read and blended as libshared's Color.cpp does: each
/// expectation is the escape code `task rc._forcecolor=on` drew for the same value.
@Suite struct ColourSyntaxTests {
    func escape(_ text: String) throws -> String { try TerminalColour(parsing: text).escape }

    @Test func eachFormIsTaskwarriorsCode() throws {
        let cases: [(String, String)] = [
            ("red", "\u{1B}[31m"),
            ("bold red on blue", "\u{1B}[1;31;44m"),
            ("bright red", "\u{1B}[31m"),
            ("on bright red", "\u{1B}[101m"),
            ("green on bright black", "\u{1B}[32;100m"),
            ("underline inverse green", "\u{1B}[4;7;32m"),
            ("BOLD Red", "\u{1B}[1;31m"),
            ("bold", "\u{1B}[1m"),
            ("color100", "\u{1B}[38;5;100m"),
            ("rgb123", "\u{1B}[38;5;67m"),
            ("gray5", "\u{1B}[38;5;237m"),
            ("grey23 on gray0", "\u{1B}[38;5;255m\u{1B}[48;5;232m"),
            ("red on color4", "\u{1B}[38;5;1m\u{1B}[48;5;4m"),
            // Among the 256 a bold colour is its bright one, and bold is not drawn.
            ("bold red on color4", "\u{1B}[38;5;9m\u{1B}[48;5;4m"),
            ("bold color100", "\u{1B}[38;5;100m"),
            ("underline rgb123 on gray3", "\u{1B}[4m\u{1B}[38;5;67m\u{1B}[48;5;235m"),
            ("", ""),
            ("none", "")
        ]
        for (text, code) in cases { #expect(try escape(text) == code, "\(text)") }
    }

    @Test func aWordThatIsNoColourIsRefused() {
        for text in [
            "purple", "color256", "gray24", "rgb600", "rgb12", "color", "grey", "0xff0000", "red blue", "on red on blue"
        ] {
            #expect(throws: ColourError.self, "\(text)") { try TerminalColour(parsing: text) }
        }
        #expect(
            (#expect(throws: ColourError.self) { try TerminalColour(parsing: "bold purple") })?.message
                == "\"purple\" is not a colour: \(TerminalColour.shortRule)")
        #expect(
            (#expect(throws: ColourError.self) { try TerminalColour(parsing: "red blue") })?.message
                == "\"red blue\" gives two foreground colours")
    }

    @Test func blendingLaysTheHigherOverTheLower() throws {
        var colour = try TerminalColour(parsing: "underline")
        colour.blend(try TerminalColour(parsing: "bold red on blue"))
        #expect(colour.escape == "\u{1B}[1;4;31;44m")
        // The 16 colours meet the 256: all become 256 ones.
        var mixed = try TerminalColour(parsing: "bold white")
        mixed.blend(try TerminalColour(parsing: "color9"))
        #expect(mixed.escape == "\u{1B}[38;5;9m")
        var active = try TerminalColour(parsing: "green")
        active.blend(try TerminalColour(parsing: "rgb555 on rgb410"))
        #expect(active.escape == "\u{1B}[38;5;231m\u{1B}[48;5;166m")
    }
}

/// Which todos each rule colours, and how `rule.precedence.color` orders them, at noon in New York.
@Suite struct ColourRuleTests {
    let context = FilterContext(dates: newYorkNoon)

    func colour(_ item: FilterItem, _ settings: [String: String], in context: FilterContext? = nil) throws -> String? {
        try ColourRules(settings: settings).colour(for: item, in: context ?? self.context)?.escape
    }

    @Test func keysAreReadAsTaskwarriorWritesThem() {
        #expect(ColourRule.parse("color.tag.urgent")! == (.tag, "urgent", ""))
        #expect(ColourRule.parse("color.tag.none")! == (.tagNone, "", ""))
        #expect(ColourRule.parse("color.due.today")! == (.dueToday, "", ""))
        #expect(ColourRule.parse("color.project.Home.garden")! == (.project, "Home.garden", ""))
        #expect(ColourRule.parse("color.uda.priority.H")! == (.udaValue, "priority", "H"))
        #expect(ColourRule.parse("color.uda.client")! == (.uda, "client", ""))
        for key in ["color.header", "color.calendar.today", "color.tag.", "color", "colour.tag.x"] {
            #expect(ColourRule.parse(key) == nil, "\(key)")
        }
    }

    @Test func eachRuleColoursTheTodosItNames() throws {
        let red = "\u{1B}[31m"
        let cases: [(String, FilterItem, Bool)] = [
            ("color.tag.shop", FilterItem(tags: ["shop"]), true),
            ("color.tag.shop", FilterItem(tags: ["shopping"]), false),
            ("color.tag.OVERDUE", FilterItem(due: .day(newYorkNoon.today.adding(days: -1))), true),
            ("color.project.Home", FilterItem(project: "Home.garden"), true),
            ("color.project.Home", FilterItem(project: "Homework"), false),
            ("color.project.none", FilterItem(), true),
            ("color.tag.none", FilterItem(tags: ["x"]), false),
            ("color.keyword.milk", FilterItem(name: "buy milk"), true),
            ("color.keyword.Milk", FilterItem(name: "buy milk"), false),
            ("color.overdue", FilterItem(due: .day(newYorkNoon.today.adding(days: -1))), true),
            ("color.overdue", FilterItem(due: .day(newYorkNoon.today.adding(days: -1)), completed: true), false),
            ("color.due.today", FilterItem(due: .day(newYorkNoon.today)), true),
            ("color.due", FilterItem(due: .day(newYorkNoon.today.adding(days: 7))), true),
            ("color.due", FilterItem(due: .day(newYorkNoon.today.adding(days: 8))), false),
            ("color.completed", FilterItem(completed: true), true),
            ("color.tagged", FilterItem(tags: ["x"]), true),
            ("color.uda.priority.H", FilterItem(priority: .high), true),
            ("color.uda.priority.none", FilterItem(), true),
            ("color.uda.priority", FilterItem(), false),
            ("color.deleted", FilterItem(completed: true), false)
        ]
        for (key, item, colours) in cases {
            #expect(try colour(item, [key: "red"]) == (colours ? red : nil), "\(key) \(item)")
        }
    }

    @Test func blockedAndBlockingReadTheDependencies() throws {
        let waiting = FilterItem(uuid: Fixture.uuid(1)), held = FilterItem(uuid: Fixture.uuid(2))
        let context = FilterContext(
            dates: newYorkNoon, dependencies: Dependencies(blocked: [waiting.uuid], blocking: [held.uuid]))
        let settings = ["color.blocked": "red", "color.blocking": "blue"]
        #expect(try ColourRules(settings: settings).needsOtherTodos)
        #expect(try colour(waiting, settings, in: context) == "\u{1B}[31m")
        #expect(try colour(held, settings, in: context) == "\u{1B}[34m")
    }

    @Test func rulesBlendInPrecedenceOrder() throws {
        let item = FilterItem(name: "buy milk", tags: ["shop", "next"], project: "Home")
        // tag. is above project.: its colour wins; the project's underline stays.
        #expect(try colour(item, ["color.tag.shop": "red", "color.project.Home": "underline blue"]) == "\u{1B}[4;31m")
        // Within tag., keys in order: next is above shop.
        #expect(try colour(item, ["color.tag.shop": "red", "color.tag.next": "green"]) == "\u{1B}[32m")
        // A precedence of one's own, and no merge: only the highest rule's colour.
        let settings = [
            "color.tag.shop": "red", "color.project.Home": "underline blue", "rule.precedence.color": "project.,tag."
        ]
        #expect(try colour(item, settings) == "\u{1B}[4;34m")
        #expect(try colour(item, settings.merging(["rule.color.merge": "no"]) { $1 }) == "\u{1B}[4;34m")
        #expect(
            try colour(item, ["color.tag.shop": "red", "color.tag.next": "underline", "rule.color.merge": "off"])
                == "\u{1B}[4m")
        // The tag nocolor turns every rule off, and a rule the precedence leaves out never counts.
        #expect(try colour(FilterItem(tags: ["shop", "nocolor"]), ["color.tag.shop": "red"]) == nil)
        #expect(
            try colour(
                FilterItem(
                    more: {
                        var a = Attributes(); a.until = .day(newYorkNoon.today); return a
                    }()), ["color.until": "red"]) == nil)
    }

    @Test func aBadSettingNamesItsKey() {
        let error = #expect(throws: ColourError.self) { try ColourRules(settings: ["color.tag.x": "purple"]) }
        #expect(error?.message == "color.tag.x: \"purple\" is not a colour: \(TerminalColour.shortRule)")
        #expect(throws: ColourError.self) { try ColourRules(settings: ["rule.precedence.color": "tag.,colour"]) }
        #expect(throws: ColourError.self) { try ColourRules(settings: ["rule.color.merge": "maybe"]) }
        #expect(throws: ColourError.self) { try ColourRules.check("color.header", "red") }
        #expect(throws: Never.self) { try ColourRules.check("color.tag.urgent", "bold red") }
    }
}
