import Foundation

/// The colour rules a config sets (`color.tag.next=bold`), in `rule.precedence.color`'s
/// order, and what colour each todo's row gets from them: Taskwarrior 2.6's `autoColorize`.
public struct ColourRules: Sendable {
    /// One rule set: its key, kind, the name and value of a pattern, and its colour.
    struct Entry: Sendable {
        let key: String
        let rule: ColourRule
        let name: String
        let value: String
        let colour: TerminalColour
    }

    /// The rules that draw something, highest precedence first.
    let entries: [Entry]
    /// Whether the colours of all the rules a todo matches blend (`rule.color.merge`, yes
    /// unless set), or only the highest's counts.
    let merge: Bool

    public static let precedenceKey = "rule.precedence.color"
    public static let mergeKey = "rule.color.merge"
    /// Taskwarrior 2.6's `rule.precedence.color`, highest first.
    public static let defaultPrecedence =
        """
        deleted,completed,active,keyword.,tag.,project.,overdue,\
        scheduled,due.today,due,blocked,blocking,recurring,tagged,uda.
        """

    /// None: every row as todo draws it without rules.
    public static let none = ColourRules(entries: [], merge: true)

    init(entries: [Entry], merge: Bool) {
        self.entries = entries
        self.merge = merge
    }

    /// Reads the `color.` settings of `settings` and the two `rule.` ones; a key of no colour
    /// rule (`color.header`) is left to its reader. Refuses a value that is no colour, naming its key.
    public init(settings: [String: String]) throws(ColourError) {
        var set: [String: (ColourRule, String, String, TerminalColour)] = [:]
        for (key, text) in settings {
            guard let (rule, name, value) = ColourRule.parse(key) else { continue }
            let colour = try Self.colour(key, text)
            if colour.isVisible { set[key] = (rule, name, value, colour) }
        }
        let precedence = try Self.precedence(settings[Self.precedenceKey] ?? Self.defaultPrecedence)
        // As Taskwarrior: each word takes the key it is exactly, else every key it starts, in key order.
        let keys = set.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let ordered = precedence.flatMap { word -> [String] in
            let whole = ColourRule.prefix + word
            return set[whole] != nil ? [whole] : keys.filter { $0.hasPrefix(whole) }
        }
        entries = ordered.map { key in
            let (rule, name, value, colour) = set[key]!
            return Entry(key: key, rule: rule, name: name, value: value, colour: colour)
        }
        guard let text = settings[Self.mergeKey] else {
            merge = true
            return
        }
        guard let merge = OnOff.read(text) else {
            throw ColourError(message: "\(Self.mergeKey) \(OnOff.rule), not \(text.debugDescription)")
        }
        self.merge = merge
    }

    /// Whether no rule draws anything.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether a rule reads the other todos (+BLOCKED and the like): they must all be read.
    public var needsOtherTodos: Bool {
        entries.contains {
            $0.rule.needsOtherTodos || $0.rule == .tag && VirtualTag.named($0.name)?.needsOtherTodos == true
        }
    }

    /// The colour of `todo`'s row: the rules it matches laid over each other from the lowest
    /// precedence up (or the highest alone, without merge); nil when none matches, or the todo
    /// has the tag nocolor, as in Taskwarrior.
    public func colour(for todo: some TodoAttributes, in context: FilterContext) -> TerminalColour? {
        guard !entries.isEmpty, !todo.attributes.tags.contains("nocolor") else { return nil }
        var colour = TerminalColour()
        for entry in entries.reversed()
        where entry.rule.matches(todo, name: entry.name, value: entry.value, in: context) {
            if merge { colour.blend(entry.colour) } else { colour = entry.colour }
        }
        return colour.isVisible ? colour : nil
    }
}

extension ColourRules {
    /// Checks one colour setting: a rule's colour (`color.…`), the precedence or merge.
    /// Refuses a value it cannot take, or a `color.` key of no rule.
    public static func check(_ key: String, _ text: String) throws(ColourError) {
        if key == precedenceKey {
            _ = try precedence(text)
        } else if key == mergeKey {
            guard OnOff.read(text) != nil else {
                throw ColourError(message: "\(key) \(OnOff.rule), not \(text.debugDescription)")
            }
        } else if ColourRule.parse(key) != nil {
            _ = try colour(key, text)
        } else {
            let keys = ColourRule.allCases.map(\.key).joined(separator: ", ")
            throw ColourError(message: "\(key.debugDescription) is no colour rule of todo's; they are \(keys)")
        }
    }

    /// The colour `text` says for `key`, or why it is none.
    static func colour(_ key: String, _ text: String) throws(ColourError) -> TerminalColour {
        do { return try TerminalColour(parsing: text) } catch { throw ColourError(message: "\(key): \(error.message)") }
    }

    /// The words of `rule.precedence.color`, each a rule's `precedenceName`.
    static func precedence(_ text: String) throws(ColourError) -> [String] {
        let words = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let known = Set(ColourRule.allCases.map(\.precedenceName))
        if let unknown = words.first(where: { !known.contains($0) }) {
            let names = ColourRule.allCases.map(\.precedenceName).reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            throw ColourError(
                message:
                    """
                    \(precedenceKey): \(unknown.debugDescription) names no rule; they \
                    are \(names.joined(separator: ","))
                    """
            )
        }
        return words
    }
}
