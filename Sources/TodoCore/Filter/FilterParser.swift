/// Reads filter words (`todo list '(' +home or +garden ')' due.before:eow`) into a `FilterExpression`.
///
/// Terms next to each other are ANDed; `and` may be written; `or` binds looser than and
/// (`a or b c` is `a or (b and c)`); `not` binds tightest; `(` and `)` are words of their own.
/// `and`, `or`, `not` are keywords in any case. Dates are resolved when the filter is read,
/// with the clock and time zone of `context`. An argument holding blanks or parentheses is
/// split into words first (`FilterWords`).
public enum FilterParser {
    /// Parentheses may nest this deep; the parser recurses once per level, never more.
    public static let maximumDepth = 64

    /// No words is `FilterExpression.everything`.
    /// `udas`: the user-defined attributes `NAME:VALUE` may name. `caseSensitive`: words and
    /// `/REGEX/` are searched for in the case typed (Taskwarrior's `search.case.sensitive`).
    public static func parse(
        _ arguments: [String], in context: DateContext, udas: UDASchema = .none, caseSensitive: Bool = false
    ) throws(FilterError) -> FilterExpression {
        let names = AttributeNames(udas: udas)
        let words = try FilterWords.split(arguments, names: names)
        var parser = Parser(words: words, context: context, udas: udas, names: names, caseSensitive: caseSensitive)
        if words.isEmpty { return .everything }
        let expression = try parser.disjunction(depth: 0)
        guard parser.index == words.count else { throw .unopenedParenthesis }
        return expression
    }

    /// The keys `arguments` may name before a colon (lowercased, without modifiers), split as
    /// `parse` splits them: whether the config's declared attributes must be read.
    public static func keys(in arguments: [String]) -> [String] {
        FilterWords.keys(arguments)
    }
}

private struct Parser {
    let words: [String]
    let context: DateContext
    let udas: UDASchema
    let names: AttributeNames
    let caseSensitive: Bool
    var index = 0

    init(words: [String], context: DateContext, udas: UDASchema, names: AttributeNames, caseSensitive: Bool) {
        self.words = words
        self.context = context
        self.udas = udas
        self.names = names
        self.caseSensitive = caseSensitive
    }

    /// The next word if it is a keyword or parenthesis, lowercased.
    private var keyword: String? {
        guard index < words.count else { return nil }
        let word = words[index].lowercased()
        return ["and", "or", "not", "(", ")"].contains(word) ? word : nil
    }

    mutating func disjunction(depth: Int) throws(FilterError) -> FilterExpression {
        var operands = [try conjunction(depth: depth)]
        while keyword == "or" {
            index += 1
            operands.append(try conjunction(depth: depth))
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    /// IDs next to each other are one set, as in Taskwarrior: `3 4` is 3 or 4.
    private mutating func conjunction(depth: Int) throws(FilterError) -> FilterExpression {
        var operands = [try unary(depth: depth)]
        while index < words.count, keyword != "or", keyword != ")" {
            let joined = keyword == "and"
            if joined { index += 1 }
            let next = try unary(depth: depth)
            if !joined, case .term(.ids(let more)) = next, case .term(.ids(let ids))? = operands.last {
                operands[operands.count - 1] = .term(.ids(TodoIDs(parts: ids.parts + more.parts)))
            } else {
                operands.append(next)
            }
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// Any number of `not`s (counted, not recursed into), then a term or a parenthesised filter.
    private mutating func unary(depth: Int) throws(FilterError) -> FilterExpression {
        var negated = false
        while keyword == "not" {
            negated.toggle()
            index += 1
        }
        guard index < words.count else { throw .missingTerm(after: words[index - 1].lowercased()) }
        let operand: FilterExpression
        switch keyword {
        case "(": operand = try parenthesised(depth: depth)
        case ")": throw missingTermOrUnopened()
        case let word?: throw .missingTerm(after: word)
        case nil:
            operand = try FilterTermReader.read(
                words[index], in: context, names: names, udas: udas, caseSensitive: caseSensitive)
            index += 1
        }
        return negated ? .not(operand) : operand
    }

    private mutating func parenthesised(depth: Int) throws(FilterError) -> FilterExpression {
        guard depth < FilterParser.maximumDepth else { throw .tooDeep }
        index += 1
        if keyword == ")" { throw .emptyParentheses }
        let inner = try disjunction(depth: depth + 1)
        guard keyword == ")" else { throw .unclosedParenthesis }
        index += 1
        return inner
    }

    /// A `)` where a term should be: after an operator it lacks its term; otherwise it closes nothing.
    private func missingTermOrUnopened() -> FilterError {
        let previous = index > 0 ? words[index - 1].lowercased() : ""
        return ["and", "or", "not"].contains(previous) ? .missingTerm(after: previous) : .unopenedParenthesis
    }
}
