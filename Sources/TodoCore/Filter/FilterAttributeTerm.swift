/// Reads a filter word `KEY:VALUE` or `KEY.MODIFIER:VALUE` into its expression, as its key's
/// kind (`FilterKey`) allows: `.not`, `.isnt`, `.hasnt` and `.any` are the opposites of the plain
/// term, `.is`, `.has` and `.none`.
struct FilterAttributeTerm {
    let key: FilterKey
    let modifier: FilterModifier?
    let value: String
    let word: String
    let context: DateContext
    let udas: UDASchema
    /// Whether the key is written as Taskwarrior's name for the field (`description` for the
    /// name), whose searches within text look in the annotations too, as Taskwarrior's do.
    let isTaskwarriorName: Bool

    init(_ attribute: AttributeWord, _ word: String, _ context: DateContext, _ udas: UDASchema) throws(FilterError) {
        guard let key = FilterKey.of(attribute.key, udas: udas) else { throw .notAFilterKey(word, attribute.key) }
        if let written = attribute.modifier {
            guard let modifier = FilterModifier(word: written.lowercased()), key.modifiers.contains(modifier) else {
                throw .badModifier(word, key)
            }
            self.modifier = modifier
        } else {
            guard key.takesPlain else { throw .badModifier(word, key) }
            modifier = nil
        }
        guard key.holdsBlanks || !attribute.value.contains(where: \.isWhitespace) else {
            throw .badValue(word, "\(key.names[0]) takes one word; terms in one argument go in parentheses: '(a or b)'")
        }
        (self.key, value, self.word, self.context, self.udas) = (key, attribute.value, word, context, udas)
        let written = attribute.name.lowercased()
        isTaskwarriorName =
            if case .field(let field) = key.key, let theirs = field.spec.taskwarrior, theirs != field.key {
                theirs.hasPrefix(written) && !field.key.hasPrefix(written)
            } else {
                false
            }
    }

    func expression() throws(FilterError) -> FilterExpression {
        switch modifier {
        case .any?, .none?:
            guard value.isEmpty else { throw .badValue(word, ".\(modifier!.rawValue) takes nothing after the ':'") }
            let unset = try term(.is)
            return modifier == FilterModifier.none ? unset : .not(unset)
        case .not?: return .not(try term(nil))
        case .isnt?: return .not(try term(.is))
        case .hasnt?: return .not(try term(.has))
        case let other: return try term(other)
        }
    }

    /// The term of the plain word (nil), `.is`, `.has`, `.startswith`, `.endswith`, `.before`,
    /// `.after` or `.by`; an empty value after nil or `.is` is the field unset.
    private func term(_ modifier: FilterModifier?) throws(FilterError) -> FilterExpression {
        if value.isEmpty, modifier == nil || modifier == .is, case .field(let field) = key.key {
            return .term(.unset(field))
        }
        switch key.key {
        case .field(let field) where isTaskwarriorName && [.has, .startswith, .endswith].contains(modifier):
            // Taskwarrior's description.has:X holds the tasks whose description or an annotation holds X.
            return .or([.term(try fieldTerm(field, modifier)), .term(.string(.annotations, Self.text(modifier), value))]
            )
        case .field(let field): return .term(try fieldTerm(field, modifier))
        case .uda(let name): return .term(try udaTerm(udas[name]!, modifier))
        case .status:
            guard let status = TodoStatus(rawValue: value.lowercased()) else {
                throw .badValue(word, "a status is \(TodoStatus.listed) (todo keeps no deleted todos)")
            }
            return .term(.status(status))
        case .urgency:
            guard let number = Double(value), number.isFinite else {
                throw .badValue(word, "urgency is compared with a number, as 5 or -1.5")
            }
            return .term(.urgency(Self.order(modifier), number))
        case .stamp(let stamp):
            if value.isEmpty, modifier == nil || modifier == .is { return .term(.noStamp(stamp)) }
            return .term(.stamp(stamp, Self.relation(modifier), try dateReference()))
        case .limit, .taskwarrior: throw .notAFilterKey(word, key.key)
        }
    }

    private func fieldTerm(_ field: TodoField, _ modifier: FilterModifier?) throws(FilterError) -> FilterTerm {
        guard let filter = field.filter else { throw .notAFilterKey(word, key.key) }
        guard !value.isEmpty else {
            throw filter == .date ? .missingDate(word) : .badValue(word, "needs a value after the ':'")
        }
        switch filter {
        case .date:
            return .date(field, Self.relation(modifier), try dateReference())
        case .equal:
            guard let priority = Priority(word: value) else { throw .badPriority(word) }
            return .priority(Self.order(modifier), priority)
        case .member:
            guard TodoReference(value) != .malformed else { throw .badReference(word) }
            return .member(field, value)
        case .tags:
            guard Tag.isValid(value) else {
                throw .badValue(word, "a tag is a word without blanks that does not start with a digit, + or -")
            }
            return .tag(value)
        case .within:
            guard Tag.isWord(value) else { throw .badValue(word, "a project is a name without blanks") }
            return modifier == nil ? .project(value) : .string(field, Self.text(modifier), value)
        case .text:
            return .string(field, modifier == nil ? .prefix : Self.text(modifier), value)
        case .rule:
            guard let rule = Recurrence(rule: value) else { throw .badValue(word, "a rule is \(Recurrence.accepted)") }
            return .rule(rule)
        }
    }

    /// The date after the colon, resolved on the filter's clock.
    private func dateReference() throws(FilterError) -> DateReference {
        guard !value.isEmpty else { throw .missingDate(word) }
        do {
            return try DateReference(value, in: context)
        } catch {
            throw .badDate(word, error)
        }
    }

    /// `NAME:VALUE` and the rest for a declared attribute: the value as its type keeps it, but
    /// as written for a search within text (`.has`, `.startswith`, `.endswith`).
    private func udaTerm(_ declaration: UDADeclaration, _ modifier: FilterModifier?) throws(FilterError) -> FilterTerm {
        switch modifier {
        case .has?, .startswith?, .endswith?:
            let text = value.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw .badValue(word, "needs a value after the ':'") }
            return .uda(declaration, Self.text(modifier), text)
        case nil, .is?, .isnt?, .not?, .hasnt?, .any?, .some(.none), .before?, .after?, .by?:
            let kept: String
            do {
                kept = try declaration.value(typed: value, in: context)
            } catch {
                throw .badValue(word, error.message)
            }
            if kept.isEmpty, modifier != nil, modifier != .is { throw .badValue(word, "needs a value after the ':'") }
            return .uda(declaration, modifier == nil ? .equal : Self.order(modifier), kept.isEmpty ? nil : kept)
        }
    }

    /// The order `.before`, `.after` and `.by` ask for; equal otherwise.
    private static func order(_ modifier: FilterModifier?) -> Comparison {
        switch modifier {
        case .before?: .below
        case .after?: .above
        case .by?: .atMost
        case nil, .is?, .isnt?, .not?, .has?, .hasnt?, .startswith?, .endswith?, .any?, .some(.none): .equal
        }
    }

    private static func relation(_ modifier: FilterModifier?) -> DateRelation {
        switch order(modifier) {
        case .below: .before
        case .above: .after
        case .atMost: .by
        case .equal, .contains, .prefix, .suffix: .on
        }
    }

    /// The text search `.has`, `.startswith` and `.endswith` ask for; equal otherwise.
    private static func text(_ modifier: FilterModifier?) -> Comparison {
        switch modifier {
        case .has?: .contains
        case .startswith?: .prefix
        case .endswith?: .suffix
        case nil, .is?, .isnt?, .not?, .hasnt?, .any?, .some(.none), .before?, .after?, .by?: .equal
        }
    }
}
