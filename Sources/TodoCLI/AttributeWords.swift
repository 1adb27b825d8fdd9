import TodoCore

/// The words `add` and `edit` take: attribute words set fields, as the field table writes them
/// (`+TAG`, `-TAG`, `project:NAME`, `priority:H`, `pri:H`, `due:DATE`, `wait:DATE`,
/// `recur:RULE`, `until:DATE`; `KEY:`
/// clears), and every other word is part of the name. Only the table's keys count, so
/// `meet at 10:30`, `re: budget` and `Due: Friday` stay names, and every word after `--` is a
/// name word.
struct AttributeWords: Equatable {
    var name: [String] = []
    var changes: [FieldChange] = []

    /// Reads `words`, of which those from `literalFrom` on are name words; `-TAG` is refused
    /// unless `removing` (what `add` would remove a tag from is not there yet).
    init(_ words: [String], literalFrom: Int? = nil, removing: Bool, in context: DateContext) throws(CommandError) {
        for (index, word) in words.enumerated() {
            if let literalFrom, index >= literalFrom {
                name.append(word)
            } else if let change = try Self.change(word, removing: removing, in: context) {
                changes.append(change)
            } else {
                name.append(word)
            }
        }
    }

    /// The change an attribute word makes; nil for a name word.
    static func change(_ word: String, removing: Bool, in context: DateContext) throws(CommandError) -> FieldChange? {
        if word.first == "+", Tag.isValid(word.dropFirst()) { return .addTag(String(word.dropFirst())) }
        if word.first == "-", Tag.isValid(word.dropFirst()) {
            guard removing else {
                throw CommandError(
                    message: "\(quoted(word)) would remove a tag from a todo not yet added; put -- before name words that start with '-'",
                    status: ExitStatus.usage)
            }
            return .removeTag(String(word.dropFirst()))
        }
        guard let colon = word.firstIndex(of: ":"), let field = TodoField(attributeKey: String(word[..<colon])) else {
            return nil
        }
        do {
            return .set(field, try field.value(typed: String(word[word.index(after: colon)...]), in: context))
        } catch {
            throw CommandError(message: "\(quoted(word)): \(error.message)", status: ExitStatus.usage)
        }
    }

    /// The changes the field options make (`--tag`, `--due`, …), in table order, after `words`'s.
    static func optionChanges(_ invocation: Invocation, in context: DateContext) throws(CommandError) -> [FieldChange] {
        var changes: [FieldChange] = []
        for field in TodoField.settable {
            guard let option = field.spec.option?.long else { continue }
            for text in invocation.options[option] ?? [] {
                do {
                    changes.append(try field.change(typed: text, in: context))
                } catch {
                    throw CommandError(message: "--\(option) \(quoted(text)): \(error.message)", status: ExitStatus.usage)
                }
            }
        }
        return changes
    }
}
