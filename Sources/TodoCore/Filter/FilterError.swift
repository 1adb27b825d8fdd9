/// Why filter words make no filter; `description` is one line for the user.
public enum FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    case unclosedParenthesis
    case unopenedParenthesis
    case emptyParentheses
    /// `and`, `or` or `not` without a term where one must be.
    case missingTerm(after: String)
    case tooDeep
    /// `projcet:home`, `due.on:x`'s like with an unknown key: a word that looks like a term but is none.
    case unknownKey(String)
    /// `pr:x`: a key shortened so that it starts several.
    case ambiguousKey(AttributeNameError)
    /// `entry:today`, `annotations:x`: an attribute no filter term reads.
    case notAFilterKey(String, AttributeKey)
    /// `due.on:x`, `urgency:5`: a modifier the key does not take, or none where it needs one.
    case badModifier(String, FilterKey)
    /// `+OVERDEU`: capitals that name no virtual tag.
    case unknownVirtualTag(String)
    case badPriority(String)
    /// A date term with no date (`due.before:`).
    case missingDate(String)
    case badDate(String, DateReadError)
    /// `depends:x`: no todo reference after the colon.
    case badReference(String)
    /// `7-3`: a range of numbers that runs downwards, or numbers too large.
    case badIDs(String)
    /// A term with a value its key refuses (the word, why).
    case badValue(String, String)
    /// `/a(/`: no regular expression.
    case badPattern(String)
    /// A `"` in an argument that is split into words, never closed (the argument).
    case unclosedQuote(String)

    /// The term forms, for messages and help: `+TAG, -TAG, …, project:NAME, …, and, or, not, ( )`.
    public static let terms =
        (["+TAG, -TAG, +VIRTUAL (todo help filter), /REGEX/"] + FilterKey.all.map(\.form)
        + ["KEY.MODIFIER:VALUE (due.before:eow; todo help filter)", "and, or, not, ( )"]).joined(separator: ", ")

    /// The keys' names, for messages: `name, description, …, urgency and your attributes`.
    static let keys = FilterKey.all.flatMap(\.names).joined(separator: ", ") + " and the attributes you declare"

    public var description: String {
        switch self {
        case .unclosedParenthesis: "a '(' in the filter is never closed"
        case .unopenedParenthesis: "a ')' in the filter closes no '('"
        case .emptyParentheses: "'(' ')' in the filter holds no term"
        case .missingTerm(let word) where word == "not": "'not' in the filter needs a term after it"
        case .missingTerm(let word): "'\(word)' in the filter needs a term on each side"
        case .tooDeep: "the filter's parentheses nest deeper than \(FilterParser.maximumDepth)"
        case .unknownKey(let word): "unknown filter key in \(word.debugDescription); use \(Self.terms)"
        case .ambiguousKey(let error): error.description
        case .notAFilterKey(let word, .limit):
            """
            \(word.debugDescription): limit:N limits the rows of list and next, given among their filter words, not \
            inside parentheses
            """
        case .notAFilterKey(let word, .taskwarrior(let name)):
            "\(word.debugDescription): todo has no attribute \(name); the filter keys are \(Self.keys)"
        case .notAFilterKey(let word, let key):
            "\(word.debugDescription): no filter term reads \(key.name); the filter keys are \(Self.keys)"
        case .badModifier(let word, let key) where key.takesPlain:
            "\(word.debugDescription): \(key.names[0]) takes no modifier or one of \(key.modifierList)"
        case .badModifier(let word, let key):
            "\(word.debugDescription): \(key.names[0]) needs a modifier: \(key.modifierList)"
        case .unknownVirtualTag(let word):
            """
            \(word.debugDescription) is no virtual tag; they \
            are \(VirtualTag.all.map(\.name).joined(separator: ", ")); a tag of yours in capitals is \
            tag:\(word.dropFirst())
            """
        case .badPriority(let word): "\(word.debugDescription): a priority is H, M or L, or nothing for none"
        case .missingDate(let word): "\(word.debugDescription) needs a date after the ':'"
        case .badDate(let word, let error): "\(word.debugDescription): \(error)"
        case .badReference(let word):
            "\(word.debugDescription): name a todo by its number or 4 or more hex digits of its UUID"
        case .badValue(let word, let message): "\(word.debugDescription): \(message)"
        case .badIDs(let word):
            "\(word.debugDescription): a range of todo numbers runs upwards (3-7), within 1 to \(TodoState.maxId)"
        case .badPattern(let word):
            "\(word.debugDescription) is no regular expression (ICU syntax: /^buy/, /milk|bread/)"
        case .unclosedQuote(let argument): "a '\"' in \(argument.debugDescription) is never closed"
        }
    }
}
