import Foundation
import TodoCore

extension TodoField {
    /// The value a person typed for this field (an option's value, an attribute word's, an
    /// edit form's line): text as it is; tags as blank-separated words; a project, rule
    /// (`2w`), priority (`H`, `m`) or date (anything `DateReader` reads) trimmed, and empty
    /// for none.
    func value(typed text: String, in context: DateContext) throws(InputError) -> FieldValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch spec.kind {
        case .text:
            return .text(text)
        case .tags:
            let tags = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
            if let bad = tags.first(where: { !Tag.isValid($0) }) { throw InputError("\(quoted(bad)) is no tag: \(valueRule)") }
            return .tags(Set(tags))
        case .word:
            guard !trimmed.isEmpty else { return .word(nil) }
            guard Tag.isWord(trimmed), let value = try? checked(.word(trimmed)) else { throw InputError(valueRule) }
            return value
        case .priority:
            guard !trimmed.isEmpty else { return .priority(nil) }
            guard let priority = Priority(word: trimmed) else { throw InputError("\(valueRule), or nothing for none") }
            return .priority(priority)
        case .date:
            guard !trimmed.isEmpty else { return .date(nil) }
            do {
                return .date(try DateReader.read(trimmed, in: context))
            } catch {
                throw InputError(error.description)
            }
        }
    }

    /// The change an option's value makes: `--tag` adds a tag, the others set their field.
    func change(typed text: String, in context: DateContext) throws(InputError) -> FieldChange {
        guard spec.kind == .tags else { return .set(self, try value(typed: text, in: context)) }
        guard Tag.isValid(text) else { throw InputError(valueRule) }
        return .addTag(text)
    }
}
