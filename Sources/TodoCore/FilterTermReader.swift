/// Reads one filter word that is not a keyword or parenthesis.
enum FilterTermReader {
    static func read(_ word: String, in context: DateContext, udas: UDASchema = .none) throws(FilterError) -> FilterExpression {
        if let ids = try idTerm(word) { return .term(.ids(ids)) }
        if let tag = tagName(word, sign: "+") { return .term(tagTerm(tag)) }
        if let tag = tagName(word, sign: "-") { return .not(.term(tagTerm(tag))) }
        if let colon = word.firstIndex(of: ":") {
            let key = word[..<colon].lowercased()
            let value = String(word[word.index(after: colon)...])
            if let term = try attribute(key, value, word, context) { return .term(term) }
            if let term = try uda(key, value, word, context, udas) { return .term(term) }
            if looksLikeKey(key) { throw .unknownKey(word) }
        }
        return .term(.text(word.lowercased()))
    }

    /// The todos `3`, `3-7`, `3,5,9` or a UUID name; hex digits name a UUID's start only
    /// from 8 on, so that words such as `cafe` and `added` are searched for.
    private static func idTerm(_ word: String) throws(FilterError) -> TodoIDs? {
        do {
            return try TodoIDs(word, minimumHex: 8)
        } catch {
            throw .badIDs(word)
        }
    }

    /// The tag of `+TAG` or `-TAG` (see `Tag`: `+1`, `-5` and `--x` are text).
    static func tagName(_ word: String, sign: Character) -> String? {
        guard word.first == sign, Tag.isValid(word.dropFirst()) else { return nil }
        return String(word.dropFirst())
    }

    /// A virtual tag's term for its name in capitals (`ACTIVE`), else the tag's.
    private static func tagTerm(_ tag: String) -> FilterTerm {
        VirtualTag.named(tag).map(FilterTerm.virtual) ?? .tag(tag)
    }

    /// The term of `KEY:VALUE` or `KEY.MODIFIER:VALUE` for a key of `FilterKeys`; nil for another key.
    private static func attribute(
        _ key: String, _ value: String, _ word: String, _ context: DateContext
    ) throws(FilterError) -> FilterTerm? {
        let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let field = FilterKeys.field(String(parts[0])), let filter = field.filter else { return nil }
        switch filter {
        case .date:
            return try date(field, parts.count == 1 ? nil : parts[1], value, word, context)
        case .within where parts.count == 1:
            return .project(value.isEmpty ? nil : value)
        case .equal where parts.count == 1:
            if value.isEmpty { return .priority(nil) }
            guard let priority = Priority(word: value) else { throw .badPriority(word) }
            return .priority(priority)
        case .member where parts.count == 1:
            if value.isEmpty { return .member(field, nil) }
            guard TodoReference(value) != .malformed else { throw .badReference(word) }
            return .member(field, value)
        case .within, .equal, .member:
            return nil
        }
    }

    /// `NAME:VALUE` (`NAME:` for none), `NAME.below:VALUE` and `NAME.above:VALUE` (or
    /// `.before`, `.after`) of a declared attribute; nil for a name none declares.
    private static func uda(
        _ key: String, _ value: String, _ word: String, _ context: DateContext, _ udas: UDASchema
    ) throws(FilterError) -> FilterTerm? {
        let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let declaration = udas[String(parts[0])] else { return nil }
        let relation: UDARelation
        switch parts.count == 1 ? nil : parts[1] {
        case nil: relation = .equal
        case "below", "before": relation = .below
        case "above", "after": relation = .above
        default: return nil
        }
        let kept: String
        do {
            kept = try declaration.value(typed: value, in: context)
        } catch {
            throw .badValue(word, error.message)
        }
        if kept.isEmpty, relation != .equal { throw .badValue(word, "needs a value after the ':'") }
        return .uda(declaration, relation, kept.isEmpty ? nil : kept)
    }

    /// `due:X`, `due.before:X`, `due.after:X`, and so for every date field.
    private static func date(
        _ field: TodoField, _ modifier: Substring?, _ value: String, _ word: String, _ context: DateContext
    ) throws(FilterError) -> FilterTerm? {
        let relation: DateRelation
        switch modifier {
        case nil: relation = .on
        case "before": relation = .before
        case "after": relation = .after
        default: return nil
        }
        if value.isEmpty {
            guard relation == .on else { throw .missingDate(word) }
            return .noDate(field)
        }
        do {
            return .date(field, relation, try DateReference(value, in: context))
        } catch {
            throw .badDate(word, error)
        }
    }

    /// `KEY:` or `KEY.MODIFIER:` in letters, where the key is a Taskwarrior attribute, has a
    /// modifier, or is one typo away from a key (`projcet:`). `re: x`, `10:30` and URLs stay text.
    private static func looksLikeKey(_ key: String) -> Bool {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } }) else {
            return false
        }
        return parts.count == 2 || FilterKeys.foreign.contains(key) || (key.count >= 3 && FilterKeys.keys.contains { oneTypoApart(key, $0) })
    }

    /// One letter changed, added, dropped, or two neighbours swapped.
    static func oneTypoApart(_ a: String, _ b: String) -> Bool {
        let (a, b) = (Array(a), Array(b))
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        let prefix = zip(a, b).prefix { $0 == $1 }.count
        let (restA, restB) = (a.dropFirst(prefix), b.dropFirst(prefix))
        if a.count == b.count {
            return restA.dropFirst() == restB.dropFirst()
                || (restA.count >= 2 && restA.first == restB.dropFirst().first && restB.first == restA.dropFirst().first
                    && restA.dropFirst(2) == restB.dropFirst(2))
        }
        return a.count > b.count ? restA.dropFirst() == restB : restA == restB.dropFirst()
    }
}
