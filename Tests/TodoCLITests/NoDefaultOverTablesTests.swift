import Foundation
import Testing

/// docs/DESIGN.md: the switches over the field table's fields, their kinds and their values
/// name every case (no `default:`), so the compiler lists every place a new one must be taught.
/// The check reads the sources as text: a switch is over the table when one of its own case
/// patterns names a case only the table's enums have, alone (`case .tags`) or in a tuple or
/// nested pattern (`case (.tags, .array)`, `case .field(.tags)`); a `default:` at that
/// switch's own depth is then a failure, wherever the switch is.
@Suite struct NoDefaultOverTablesTests {
    /// Cases only the tables' enums have: the field table's (`TodoField`, `FieldKind`,
    /// `FieldValue`, `FieldCompletion`), filter terms' modifiers and comparisons
    /// (`FilterModifier`, `Comparison`), the commands' (the reducer's `Action` and `StepKind`,
    /// batch's `BatchInput.Verb`: `clearCompleted`, `deleteSeries`) and the config keys'
    /// (`ConfigKey`: `insecureHTTP`, `dueDays`, `hooksLocation`, `syncClientID`).
    static let tableCases = [
        "tags", "uuids", "annotations", "udas", "notes", "depends", "projects", "priorities", "startswith", "hasnt",
        "before", "atMost",
        "clearCompleted", "deleteSeries", "insecureHTTP", "dueDays", "hooksLocation", "syncClientID"
    ]

    /// Whether `line` is a case whose patterns name one of `tableCases`: `.NAME` after a space,
    /// a parenthesis or a comma, and not the start of a longer name.
    static func namesTableCase(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("case ") else { return false }
        let patterns = trimmed.prefix { $0 != ":" }
        return tableCases.contains { name in
            patterns.ranges(of: "." + name).contains { range in
                let after = patterns[range.upperBound...].first
                return [" ", "(", ","].contains(patterns[..<range.lowerBound].last)
                    && !(after?.isLetter ?? false || after?.isNumber ?? false)
            }
        }
    }

    /// Each `switch` of `text` with the lines of its body, up to the brace that closes it.
    static func switches(_ text: String) -> [[Substring]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [[Substring]] = []
        for (index, line) in lines.enumerated() where line.contains("switch ") && line.hasSuffix("{") {
            var depth = 0
            var body: [Substring] = []
            for inner in lines[index...] {
                depth += inner.filter { $0 == "{" }.count - inner.filter { $0 == "}" }.count
                body.append(inner)
                if depth <= 0 { break }
            }
            found.append(body)
        }
        return found
    }

    /// The first line of each switch over the table in `text` that has a `default:`, and how
    /// many switches over the table there are.
    static func defaults(in text: String) -> (found: [String], switches: Int) {
        var found: [String] = []
        var count = 0
        for body in switches(text) {
            // Only the switch's own lines count: a nested switch is checked on its own.
            var depth = 0
            var own: [Substring] = []
            for line in body {
                if depth == 1 { own.append(line) }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            }
            guard own.contains(where: namesTableCase) else { continue }
            count += 1
            if own.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("default:") }) {
                found.append(body[0].trimmingCharacters(in: .whitespaces))
            }
        }
        return (found, count)
    }

    @Test func noSwitchOverTheFieldTableHasADefault() throws {
        let sources = URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Sources")
        let server = URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Server/Sources")
        var checked = 0
        for root in [sources, server] {
            let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            for file in files {
                let (found, switches) = Self.defaults(
                    in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
                checked += switches
                for head in found { Issue.record("\(file): a switch over the field table has a default: (\(head))") }
            }
        }
        #expect(checked > 20, "the check found only \(checked) switches over the field table")
    }

    /// The check finds what it is for: the shapes a `default:` over the table has had here
    /// (BatchInput's tuple of kind and value, the fish script's completion kinds), and not a
    /// nested switch's own `default:` over something else.
    @Test func theCheckFindsADefaultInEveryShapeOfSwitch() {
        let plain = "switch field {\ncase .tags: a\ndefault: b\n}"
        let tuple =
            "switch (field.spec.kind, value) {\ncase (.tags, .array(let items)): a\ncase (_, .null): b\ndefault: c\n}"
        let nestedPattern = "switch group.kind {\ncase .field(.tags): a\ndefault: b\n}"
        let command = "switch action {\ncase .add(let new): a\ncase .clearCompleted(let at): b\ndefault: c\n}"
        let configKey = "switch key {\ncase .server, .token: a\ncase .dueDays: b\ndefault: c\n}"
        for text in [plain, tuple, nestedPattern, command, configKey] {
            #expect(Self.defaults(in: text) == ([text.prefix { $0 != "\n" }.description], 1))
        }
        let nestedSwitch =
            """
            switch field {\ncase .tags:\n    switch word {\n    case "a": a\n    default: b\n    }\ncase .notes: c\n}
            """
        #expect(Self.defaults(in: nestedSwitch) == ([], 1))
    }
}
