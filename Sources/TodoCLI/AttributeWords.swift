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
    /// Words that name todos (`depends:3,5`), read once the todos are loaded: `changes(in:)`.
    var references: [String] = []

    /// Whether reading the changes needs the todos.
    var needsTodos: Bool { !references.isEmpty }

    /// `changes` and those of the words that name todos, read against `state`.
    func changes(in state: TodoState, dates: DateContext) throws(CommandError) -> [FieldChange] {
        var all = changes
        let context = InputContext(dates: dates, todos: state)
        for word in references {
            guard let change = try Self.change(word, removing: true, in: context) else { continue }
            all += change
        }
        return all
    }

    /// Reads `words`, of which those from `literalFrom` on are name words; `-TAG` is refused
    /// unless `removing` (what `add` would remove a tag from is not there yet).
    init(
        _ words: [String], literalFrom: Int? = nil, removing: Bool, in context: DateContext, udas: UDASchema = .none
    ) throws(CommandError) {
        for (index, word) in words.enumerated() {
            if let literalFrom, index >= literalFrom {
                name.append(word)
            } else if Self.namesTodos(word) {
                references.append(word)
            } else if let change = try Self.change(word, removing: removing, in: InputContext(dates: context, udas: udas)) {
                changes += change
            } else {
                name.append(word)
            }
        }
    }

    /// Whether `word` is an attribute word whose value names todos.
    static func namesTodos(_ word: String) -> Bool {
        guard let colon = word.firstIndex(of: ":"), let field = TodoField(attributeKey: String(word[..<colon])) else { return false }
        return field.spec.completion == .todos
    }

    /// The changes an attribute word makes; nil for a name word.
    static func change(_ word: String, removing: Bool, in context: InputContext) throws(CommandError) -> [FieldChange]? {
        if word.first == "+", Tag.isValid(word.dropFirst()) { return [.addTag(String(word.dropFirst()))] }
        if word.first == "-", Tag.isValid(word.dropFirst()) {
            guard removing else {
                throw CommandError(
                    message: "\(quoted(word)) would remove a tag from a todo not yet added; put -- before name words that start with '-'",
                    status: ExitStatus.usage)
            }
            return [.removeTag(String(word.dropFirst()))]
        }
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let key = String(word[..<colon])
        guard let field = TodoField(attributeKey: key) else { return try udaChange(word, key: key, in: context) }
        do {
            return try field.changes(typed: String(word[word.index(after: colon)...]), in: context)
        } catch {
            throw CommandError(message: "\(quoted(word)): \(error.message)", status: ExitStatus.usage)
        }
    }

    /// The change `NAME:VALUE` makes to a declared attribute (`NAME:` removes it); nil when
    /// the config declares no such attribute.
    static func udaChange(_ word: String, key: String, in context: InputContext) throws(CommandError) -> [FieldChange]? {
        guard context.udas[key] != nil else { return nil }
        do {
            let value = try context.udaValue(key, typed: String(word.dropFirst(key.count + 1)))
            return [value.isEmpty ? .remove(.udas, .udas([key: ""])) : .add(.udas, .udas([key: value]))]
        } catch {
            throw CommandError(message: "\(quoted(word)): \(error.message)", status: ExitStatus.usage)
        }
    }

    /// The attributes the config declares, read only when some word may set one (`NAME:VALUE`
    /// with NAME no field's key).
    static func udas(for words: [String], _ context: Context) throws -> UDASchema {
        try context.udaSchema(ifAnyOf: words.compactMap { word in word.firstIndex(of: ":").map { String(word[..<$0]) } })
    }

    /// The changes the field options make (`--tag`, `--due`, …), in table order, after `words`'s;
    /// with `todos` nil, those of the options whose values name todos are left out.
    static func optionChanges(_ invocation: Invocation, in context: InputContext) throws(CommandError) -> [FieldChange] {
        var changes: [FieldChange] = []
        for field in TodoField.settable where context.todos != nil || field.spec.completion != .todos {
            guard let option = field.spec.option?.long else { continue }
            for text in invocation.options[option] ?? [] {
                do {
                    changes += try field.changes(typed: text, in: context)
                } catch {
                    throw CommandError(message: "--\(option) \(quoted(text)): \(error.message)", status: ExitStatus.usage)
                }
            }
        }
        return changes
    }

    /// Whether an option given names todos (`--depends`), so that its changes need them loaded.
    static func optionsNameTodos(_ invocation: Invocation) -> Bool {
        TodoField.settable.contains { field in
            field.spec.completion == .todos && field.spec.option.map { invocation.options[$0.long] != nil } == true
        }
    }
}
