import Foundation
import TodoCore

/// Taskwarrior's `/FROM/TO/` among `modify`'s words: the first match of FROM in the name
/// (Taskwarrior's description), or else in the first annotation that holds one, becomes TO;
/// with `/FROM/TO/g` every match in the name and every annotation does. FROM is a regular
/// expression (ICU's, as `/REGEX/` filters read them; Taskwarrior's `regex` is on by default),
/// matched with case counting, as Taskwarrior's default `search.case.sensitive` does; TO is
/// literal text. `\/` is a slash inside either part. A substitution that matches nothing in
/// any todo named is an error, never a silent no-op.
struct Substitution {
    /// The word as given, for messages.
    let word: String
    let replacement: String
    let global: Bool
    /// Immutable once made.
    private let expression: NSRegularExpression

    /// The substitution `word` writes (`/FROM/TO/` or `/FROM/TO/g`, FROM not empty); nil for any other word.
    init?(word: String) throws(CommandError) {
        guard word.first == "/" else { return nil }
        var parts = Self.parts(word.dropFirst())
        guard parts.count == 3, !parts[0].isEmpty, parts[2] == "" || parts[2] == "g" else { return nil }
        let to = parts.remove(at: 1).replacingOccurrences(of: "\\/", with: "/")
        do {
            expression = try NSRegularExpression(pattern: parts[0])
        } catch {
            throw CommandError(
                message:
                    "\(quoted(word)): \(quoted(parts[0])) is no regular expression (ICU syntax: /^buy/x/, /a|b/c/)",
                status: ExitStatus.usage)
        }
        (self.word, replacement, global) = (word, to, parts[1] == "g")
    }

    /// The text split at each `/` that no backslash escapes.
    private static func parts(_ text: Substring) -> [String] {
        var parts = [""]
        var escaped = false
        for character in text {
            if character == "/", !escaped { parts.append("") } else { parts[parts.count - 1].append(character) }
            escaped = character == "\\" && !escaped
        }
        return parts
    }

    /// The substitutions among `words` before `literalFrom`, and the other words with where
    /// the literal ones among them begin.
    static func taking(_ words: [String], literalFrom: Int?) throws(CommandError) -> (
        substitutions: [Substitution], words: [String], literalFrom: Int?
    ) {
        var substitutions: [Substitution] = []
        var rest: [String] = []
        for (index, word) in words.enumerated() {
            if index < literalFrom ?? words.count, let substitution = try Substitution(word: word) {
                substitutions.append(substitution)
            } else {
                rest.append(word)
            }
        }
        return (substitutions, rest, literalFrom.map { $0 - substitutions.count })
    }

    /// Makes the substitution in `name`, then in `annotations` unless it was made once already;
    /// whether anything matched.
    func apply(name: inout String, annotations: inout [Annotation]) -> Bool {
        var matched = replace(in: &name)
        for index in annotations.indices where global || !matched {
            matched = replace(in: &annotations[index].text) || matched
        }
        return matched
    }

    /// Replaces the first match in `text` (every match, when global); whether there was one.
    private func replace(in text: inout String) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        guard let first = expression.firstMatch(in: text, range: whole), let range = Range(first.range, in: text) else {
            return false
        }
        if global {
            text = expression.stringByReplacingMatches(
                in: text, range: whole, withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
        } else {
            text.replaceSubrange(range, with: replacement)
        }
        return true
    }

    /// The edits that make `substitutions`, then `changes`, to each of the todos `ids` in
    /// `state`: one action (a batch when the todos' changes differ). A substitution that
    /// matches in none of them is an error; a todo none matches in gets only `changes`.
    static func actions(
        _ substitutions: [Substitution], _ ids: [Int], _ state: TodoState, then changes: [FieldChange], at now: Date
    ) throws -> [Action] {
        var unmatched = Set(substitutions.indices)
        var edits: [Action] = []
        for id in ids {
            guard let todo = state.todo(id: id) else { continue }
            var (name, annotations) = (todo.name, todo.attributes.annotations)
            for (index, substitution) in substitutions.enumerated()
            where substitution.apply(name: &name, annotations: &annotations) {
                unmatched.remove(index)
            }
            var made: [FieldChange] = name == todo.name ? [] : [FieldChange(.name, name)]
            if annotations != todo.attributes.annotations { made.append(.set(.annotations, .annotations(annotations))) }
            if !(made + changes).isEmpty { edits.append(.edit(id: id, changes: made + changes, at: now)) }
        }
        if let index = unmatched.min() {
            let whose =
                ids.count == 1 ? state.todo(id: ids[0]).map(label) ?? "the todo" : "the \(ids.count) todos named"
            throw CommandError(
                message:
                    """
                    \(quoted(substitutions[index].word)) matches nothing in \(whose): not in the name, nor in an \
                    annotation; nothing changed
                    """
            )
        }
        return edits.count == 1 ? edits : [.batch(edits)]
    }
}
