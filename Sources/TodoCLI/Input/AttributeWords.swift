import TodoCore
import TodoSync

/// The words `add` and `edit` take: attribute words set fields, as the field table writes them
/// (`+TAG`, `-TAG`, `project:NAME`, `priority:H`, `pri:H`, `due:DATE`, `wait:DATE`,
/// `recur:RULE`, `until:DATE`; `KEY:` clears), a key shortened as `AttributeNames` reads it
/// (`pro:`, `sch:`), and every other word is part of the name. `meet at 10:30`, `re: budget`
/// and `Due: Friday` stay names; a word that names an attribute no word sets (`entry:`,
/// `description:`), or shortens a key to a prefix of several (`pr:`), is refused rather than
/// kept as a name word. Every word after `--` is a name word.
struct AttributeWords: Equatable {
    var name: [String] = []
    var changes: [FieldChange] = []
    /// Words that name todos (`depends:3,5`), read once the todos are loaded: `changes(in:)`.
    var references: [String] = []

    /// Words read elsewhere (the todo.txt dialect's `TodoTxtLine`).
    init(name: [String], changes: [FieldChange] = []) {
        self.name = name
        self.changes = changes
    }

    /// Whether reading the changes needs the todos.
    var needsTodos: Bool { !references.isEmpty }

    /// `changes` and those of the words that name todos, read against `state`.
    func changes(in state: TodoState, dates: DateContext) throws(CommandError) -> [FieldChange] {
        changes + (try referenceChanges(in: state, dates: dates))
    }

    /// The changes of the words that name todos (`depends:3,5`), read against `state`.
    func referenceChanges(in state: TodoState, dates: DateContext) throws(CommandError) -> [FieldChange] {
        let context = InputContext(dates: dates, todos: state)
        var all: [FieldChange] = []
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
        let input = InputContext(dates: context, udas: udas)
        var named: (word: String, name: String)?
        for (index, word) in words.enumerated() {
            if let literalFrom, index >= literalFrom {
                name.append(word)
            } else if case .field(let field)? = try Self.attribute(word, udas)?.key, field.spec.referencesTodos {
                references.append(word)
            } else if let change = try Self.change(word, removing: removing, in: input) {
                if case .set(.name, .text(let text))? = change.first {
                    named = try Self.naming(word, text, after: named)
                } else {
                    changes += change
                }
            } else {
                name.append(word)
            }
        }
        if let named { try takeName(named) }
    }

    /// `description:TEXT` (Taskwarrior's) or `name:TEXT`: the name, given once, not blank.
    private static func naming(_ word: String, _ text: String, after earlier: (word: String, name: String)?)
        throws(CommandError) -> (String, String)
    {
        if let earlier { throw usage("\(quoted(earlier.word)) and \(quoted(word)) both give the name; give it once") }
        guard !Todo.normalizedName(text).isEmpty else { throw usage("\(quoted(word)) would leave the name blank") }
        return (word, text)
    }

    /// The name a `description:` word gives, which no name words may also give.
    private mutating func takeName(_ named: (word: String, name: String)) throws(CommandError) {
        guard name.isEmpty else {
            throw Self.usage(
                """
                \(quoted(named.word)) gives the name, and so do the words \(quoted(name.joined(separator: " "))); put \
                -- before name words that look like attribute words
                """
            )
        }
        name = [named.name]
    }

    /// The attribute `word` names, if it names one (`AttributeWord`).
    static func attribute(_ word: String, _ udas: UDASchema) throws(CommandError) -> AttributeWord? {
        do {
            return try AttributeWord(word, names: AttributeNames(udas: udas))
        } catch {
            throw usage("\(error), or put -- before name words that look like attribute words")
        }
    }

    /// The changes an attribute word makes; nil for a name word.
    static func change(_ word: String, removing: Bool, in context: InputContext) throws(CommandError) -> [FieldChange]?
    {
        for sign in ["+", "-"] where word.hasPrefix(sign) && Tag.isValid(word.dropFirst()) {
            let tag = String(word.dropFirst())
            guard VirtualTag.named(tag) == nil else {
                throw usage(
                    """
                    \(quoted(word)): \(tag) is a virtual tag, which todo gives by state, not one to add or remove; \
                    --tag \(tag) adds a tag of yours spelled so
                    """
                )
            }
            guard sign == "+" || removing else {
                throw usage(
                    """
                    \(quoted(word)) would remove a tag from a todo not yet added; put -- before name words that start \
                    with '-'
                    """
                )
            }
            return [sign == "+" ? .addTag(tag) : .removeTag(tag)]
        }
        guard let attribute = try attribute(word, context.udas) else { return nil }
        if let modifier = attribute.modifier {
            throw usage(
                "\(quoted(word)): .\(modifier) is for filters; put -- before name words that look like attribute words")
        }
        switch attribute.key {
        case .field(let field) where field.spec.syntax?.keys.isEmpty == false:
            do {
                return try field.changes(typed: attribute.value, in: context)
            } catch {
                throw usage("\(quoted(word)): \(error.message)")
            }
        case .field(let field):
            let hint =
                field.spec.syntax == .signs
                ? " (+TAG adds one)" : field.spec.option.map { " (--\($0.long) \($0.valueName) sets it)" } ?? ""
            throw usage(
                """
                \(quoted(word)): \(field.key) is no attribute word\(hint); put -- before name words that look like \
                attribute words
                """
            )
        case .uda(let name):
            return try udaChange(word, name: name, value: attribute.value, in: context)
        case .stamp(let stamp):
            throw usage(
                """
                \(quoted(word)): todo keeps \(stamp.taskwarrior) itself (\(stamp.meaning)); filters read it, no word \
                sets it
                """
            )
        case .status, .urgency, .limit, .taskwarrior:
            throw usage(
                """
                \(quoted(word)): todo has no attribute \(attribute.key.name) to set; attribute words are \(keys); put \
                -- before name words that look like one
                """
            )
        }
    }

    /// The change `NAME:VALUE` makes to a declared attribute (`NAME:` removes it).
    static func udaChange(_ word: String, name: String, value: String, in context: InputContext) throws(CommandError)
        -> [FieldChange]
    {
        do {
            let kept = try context.udaValue(name, typed: value)
            return [kept.isEmpty ? .remove(.udas, .udas([name: ""])) : .add(.udas, .udas([name: kept]))]
        } catch {
            throw usage("\(quoted(word)): \(error.message)")
        }
    }

    /// `+TAG, -TAG, project:, …`: every key, for messages.
    static let keys =
        (["+TAG", "-TAG"] + TodoField.settable.flatMap { ($0.spec.syntax?.keys ?? []).map { $0 + ":" } }).joined(
            separator: ", ")
        + " and the attributes you declare"

    private static func usage(_ message: String) -> CommandError {
        CommandError(message: message, status: ExitStatus.usage)
    }

    /// The attributes `config` declares, when some word may set one (`NAME:VALUE` with NAME no
    /// field's key; `NAME.MODIFIER:`, to be refused by name).
    static func udas(for words: [String], in config: ConfigValues?) throws -> UDASchema {
        try Context.udaSchema(
            ifAnyOf: words.compactMap { word in
                word.firstIndex(of: ":").map { String(word[..<$0].prefix { $0 != "." }) }
            }, in: config)
    }

    /// The changes the field options make (`--tag`, `--due`, …), in table order, after `words`'s;
    /// with `todos` nil, those of the options whose values name todos are left out.
    static func optionChanges(_ invocation: Invocation, in context: InputContext) throws(CommandError) -> [FieldChange]
    {
        var changes: [FieldChange] = []
        for field in TodoField.settable where context.todos != nil || !field.spec.referencesTodos {
            guard let option = OptionSpec.setting(field) else { continue }
            for text in invocation.values(option) {
                do {
                    changes += try field.changes(typed: text, in: context)
                } catch {
                    throw CommandError(
                        message: "--\(option.long) \(quoted(text)): \(error.message)", status: ExitStatus.usage)
                }
            }
        }
        return changes
    }

    /// Whether an option given names todos (`--depends`), so that its changes need them loaded.
    static func optionsNameTodos(_ invocation: Invocation) -> Bool {
        TodoField.settable.contains { field in
            field.spec.referencesTodos && OptionSpec.setting(field).map(invocation.flag) == true
        }
    }
}
