/// What the NAME of a `NAME:VALUE` word names: a field, a declared attribute, one of
/// Taskwarrior's keys that filters read (`status`, `urgency`, and `entry`, `modified` and
/// `end`, the times todo keeps itself), or one of its attributes that todo has not (`uuid`),
/// which a word must not silently drop into a name or a search.
public enum AttributeKey: Hashable, Sendable {
    case field(TodoField)
    case uda(String)
    case status
    case urgency
    /// `entry`, `modified`, `end`: a time todo keeps itself, which filters read and no word sets.
    case stamp(TodoStamp)
    /// `limit:N`, Taskwarrior's: a report shows N rows at most. No term and no field.
    case limit
    case taskwarrior(String)

    /// The name people read in messages and help (a field's first key: `priority`).
    public var name: String {
        switch self {
        case .field(let field): field.spec.syntax?.keys.first ?? field.key
        case .uda(let name), .taskwarrior(let name): name
        case .status: "status"
        case .urgency: "urgency"
        case .stamp(let stamp): stamp.taskwarrior
        case .limit: "limit"
        }
    }
}

/// Every name a word may give before its colon, for `add`/`edit` and filters alike, and the one
/// way a name is read: an exact name or alias wins; otherwise a name may be shortened to any
/// prefix of two letters or more (Taskwarrior's `rc.abbreviation.minimum=2`) that starts only
/// one key's names (`pro:`, `prio:`, `sch:`); a prefix of several is ambiguous.
public struct AttributeNames: Sendable {
    /// The names with what they name, fields first, then declared attributes, then Taskwarrior's.
    public let entries: [(name: String, key: AttributeKey)]

    /// Taskwarrior's attributes that todo has no field for; a word naming one is refused.
    public static let taskwarriorOnly = ["uuid", "id", "mask", "imask", "parent"]

    /// The fields a person deals with (not those todo keeps itself), by their attribute-word
    /// keys or their key, and the attributes `udas` declares.
    public init(udas: UDASchema = .none) {
        let fields = TodoField.editable.filter { $0.spec.kind != .udas }.flatMap { field in
            (field.spec.syntax?.keys.isEmpty == false ? field.spec.syntax!.keys : [field.key]).map {
                ($0, AttributeKey.field(field))
            }
        }
        let declared = udas.names.map { ($0, AttributeKey.uda($0)) }
        let taskwarrior =
            [("status", AttributeKey.status), ("urgency", .urgency), ("limit", .limit)]
            + TodoStamp.allCases.map { ($0.taskwarrior, .stamp($0)) }
            + Self.taskwarriorOnly.map { ($0, .taskwarrior($0)) }
        entries = fields + declared + taskwarrior
    }

    /// How a name was found.
    public enum Lookup: Equatable, Sendable {
        /// The whole name, or an alias (`pri`).
        case exact(AttributeKey)
        /// A prefix of one key's names only.
        case prefix(AttributeKey)
        /// A prefix of several keys' names: for each key, its first name the prefix starts, in table order.
        case ambiguous([String])

        var isExact: Bool {
            if case .exact = self { true } else { false }
        }
    }

    /// What `name` names; nil when it is no name and starts none. With `ignoringCase`, names
    /// compare in lower case (filters); otherwise exactly (`Due: Friday` stays a name).
    public func lookup(_ name: String, ignoringCase: Bool = false) -> Lookup? {
        let typed = ignoringCase ? name.lowercased() : name
        let spelled = { (entry: String) in ignoringCase ? entry.lowercased() : entry }
        if let exact = entries.first(where: { spelled($0.name) == typed }) { return .exact(exact.key) }
        guard typed.count >= 2 else { return nil }
        var keys: [AttributeKey] = []
        var names: [String] = []
        for entry in entries where spelled(entry.name).hasPrefix(typed) && !keys.contains(entry.key) {
            keys.append(entry.key)
            names.append(entry.name)
        }
        switch keys.count {
        case 0: return nil
        case 1: return .prefix(keys[0])
        default: return .ambiguous(names)
        }
    }
}

/// A word `NAME:VALUE` or `NAME.MODIFIER:VALUE` whose NAME names an attribute
/// (`AttributeNames.lookup`). `10:30`, `https://x` and `re:` are no such word: a name is a
/// letter and then letters, digits, `_` or `-`, and two letters that are no whole name need a
/// value after the colon (`re:` is the word "regarding", not `recur:`; `pr:` is no error).
public struct AttributeWord: Equatable, Sendable {
    public let key: AttributeKey
    /// The name as written.
    public let name: String
    /// The word after the dot, as written; nil without one.
    public let modifier: String?
    public let value: String

    /// nil for a word that names no attribute; throws when the name starts several.
    public init?(_ word: String, names: AttributeNames, ignoringCase: Bool = false) throws(AttributeNameError) {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let head = word[..<colon].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(head[0])
        let modifier = head.count == 2 ? String(head[1]) : nil
        guard Self.isName(name), modifier.map({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } }) ?? true
        else { return nil }
        let value = String(word[word.index(after: colon)...])
        let lookup = names.lookup(name, ignoringCase: ignoringCase)
        if name.count == 2, value.isEmpty, modifier == nil, lookup?.isExact != true { return nil }
        switch lookup {
        case nil: return nil
        case .ambiguous(let choices): throw AttributeNameError(word: word, name: name, choices: choices)
        case .exact(let key), .prefix(let key): self.key = key
        }
        (self.name, self.modifier, self.value) = (name, modifier, value)
    }

    /// A letter, then letters, digits, `_` or `-` (what a declared attribute's name may hold).
    static func isName(_ name: String) -> Bool {
        let letter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = name.utf8.first, letter(first) else { return false }
        return name.utf8.allSatisfy { letter($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }
}

/// A name that starts several keys' names (`pr:` is project or priority).
public struct AttributeNameError: Error, Equatable, Sendable, CustomStringConvertible {
    public let word: String
    public let name: String
    public let choices: [String]

    public init(word: String, name: String, choices: [String]) {
        (self.word, self.name, self.choices) = (word, name, choices)
    }

    /// `"pr:x": pr may be project or priority; write more of the name`.
    public var description: String {
        let listed = choices.dropLast().joined(separator: ", ") + " or " + choices.last!
        return "\(word.debugDescription): \(name) may be \(listed); write more of the name"
    }
}
