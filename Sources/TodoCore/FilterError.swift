/// Why filter words make no filter; `description` is one line for the user.
public enum FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    case unclosedParenthesis
    case unopenedParenthesis
    case emptyParentheses
    /// `and`, `or` or `not` without a term where one must be.
    case missingTerm(after: String)
    case tooDeep
    case unknownKey(String)
    case badPriority(String)
    /// A date term with no date (`due.before:`).
    case missingDate(String)
    case badDate(String, DateReadError)
    /// `depends:x`: no todo reference after the colon.
    case badReference(String)
    /// `7-3`: a range of numbers that runs downwards, or numbers too large.
    case badIDs(String)
    /// `NAME:VALUE` of a user-defined attribute, with a value its type refuses.
    case badValue(String, String)

    /// The term forms, for messages and help.
    public static let terms = (["+TAG, -TAG, +VIRTUAL (todo help filter)"] + FilterKeys.forms + ["and, or, not, ( )"])
        .joined(separator: ", ")

    public var description: String {
        switch self {
        case .unclosedParenthesis: "a '(' in the filter is never closed"
        case .unopenedParenthesis: "a ')' in the filter closes no '('"
        case .emptyParentheses: "'(' ')' in the filter holds no term"
        case .missingTerm(let word) where word == "not": "'not' in the filter needs a term after it"
        case .missingTerm(let word): "'\(word)' in the filter needs a term on each side"
        case .tooDeep: "the filter's parentheses nest deeper than \(FilterParser.maximumDepth)"
        case .unknownKey(let word): "unknown filter key in \(word.debugDescription); use \(Self.terms)"
        case .badPriority(let word): "\(word.debugDescription): a priority is H, M or L, or nothing for none"
        case .missingDate(let word): "\(word.debugDescription) needs a date after the ':'"
        case .badDate(let word, let error): "\(word.debugDescription): \(error)"
        case .badReference(let word): "\(word.debugDescription): name a todo by its number or 4 or more hex digits of its UUID"
        case .badValue(let word, let message): "\(word.debugDescription): \(message)"
        case .badIDs(let word): "\(word.debugDescription): a range of todo numbers runs upwards (3-7), within 1 to \(TodoState.maxId)"
        }
    }
}
