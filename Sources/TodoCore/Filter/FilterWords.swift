/// The words filter arguments hold, so that `'(project:A or project:B)'` given as one argument
/// is read as the same words given apart. An argument that holds blanks or parentheses is
/// split, unless it is one `KEY:VALUE` term of an attribute, whose VALUE may hold blanks
/// (`'client:Acme Corp'`, as Taskwarrior reads it). Blanks separate words, `(` and `)` are
/// words of their own, a `/REGEX/` that starts a word runs to its closing slash (`'/buy milk/'`
/// is one word), and `"double quotes"` keep blanks and parentheses in a word and are dropped;
/// a single quote is a letter (`mom's`).
enum FilterWords {
    static func split(_ arguments: [String], names: AttributeNames) throws(FilterError) -> [String] {
        var words: [String] = []
        for argument in arguments {
            if isOneTerm(argument, names) { words.append(argument) } else { words += try split(argument) }
        }
        return words
    }

    /// The keys the words may name before a colon, lowercased, without modifiers: what says
    /// whether the config's declared attributes are needed to read them.
    static func keys(_ arguments: [String]) -> [String] {
        arguments.flatMap { $0.split(whereSeparator: isBreak) }.compactMap { word in
            word.firstIndex(of: ":").map { String(word[..<$0].prefix { $0 != "." }).lowercased() }
        }
    }

    private static func isBreak(_ character: Character) -> Bool {
        character.isWhitespace || character == "(" || character == ")"
    }

    private static func isOneTerm(_ argument: String, _ names: AttributeNames) -> Bool {
        guard argument.contains(where: isBreak) else { return true }
        guard let colon = argument.firstIndex(of: ":"), !argument[..<colon].contains(where: isBreak),
            argument[argument.index(after: colon)...].first?.isWhitespace == false
        else { return false }
        return (try? AttributeWord(argument, names: names, ignoringCase: true)) != nil
    }

    private static func split(_ argument: String) throws(FilterError) -> [String] {
        var words: [String] = []
        var word = ""
        var rest = Substring(argument)
        while let character = rest.popFirst() {
            switch character {
            case "\"":
                guard let close = rest.firstIndex(of: "\"") else { throw .unclosedQuote(argument) }
                word += rest[..<close]
                rest = rest[rest.index(after: close)...]
            case "(", ")":
                if !word.isEmpty { words.append(word) }
                words.append(String(character))
                word = ""
            case "/" where word.isEmpty:
                let close = rest.firstIndex(of: "/").map { rest.index(after: $0) } ?? rest.startIndex
                word = "/" + rest[..<close]
                rest = rest[close...]
            case _ where character.isWhitespace:
                if !word.isEmpty { words.append(word) }
                word = ""
            default:
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
