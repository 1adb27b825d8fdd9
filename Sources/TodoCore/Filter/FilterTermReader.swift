/// Reads one filter word that is not a keyword or parenthesis.
enum FilterTermReader {
    /// `names`: every attribute name, the declared ones (`udas`) among them.
    /// `caseSensitive`: words and patterns are searched for in the case typed.
    static func read(
        _ word: String, in context: DateContext, names: AttributeNames, udas: UDASchema, caseSensitive: Bool
    ) throws(FilterError) -> FilterExpression {
        if let ids = try idTerm(word) { return .term(.ids(ids)) }
        if let pattern = try TextPattern(word: word, caseSensitive: caseSensitive) { return .term(.pattern(pattern)) }
        if let tag = tagName(word, sign: "+") { return .term(try tagTerm(tag, word)) }
        if let tag = tagName(word, sign: "-") { return .not(.term(try tagTerm(tag, word))) }
        let attribute: AttributeWord?
        do {
            attribute = try AttributeWord(word, names: names, ignoringCase: true)
        } catch {
            throw .ambiguousKey(error)
        }
        if let attribute { return try FilterAttributeTerm(attribute, word, context, udas).expression() }
        if let colon = word.firstIndex(of: ":"), looksLikeKey(word[..<colon].lowercased(), names) {
            throw .unknownKey(word)
        }
        return .term(caseSensitive ? .exactText(word) : .text(word.lowercased()))
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

    /// A virtual tag's term for its name in capitals (`ACTIVE`), else the tag's; other capitals
    /// (`+OVERDEU`) are refused, as a virtual tag misspelt.
    private static func tagTerm(_ tag: String, _ word: String) throws(FilterError) -> FilterTerm {
        if let virtual = VirtualTag.named(tag) { return .virtual(virtual) }
        guard !VirtualTag.looksVirtual(tag) else { throw .unknownVirtualTag(word) }
        return .tag(tag)
    }

    /// `KEY:` or `KEY.MODIFIER:` in letters, where the key has a modifier or is one typo away
    /// from a name (`projcet:`). `re: x`, `10:30` and URLs stay text.
    private static func looksLikeKey(_ key: String, _ names: AttributeNames) -> Bool {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } }) else {
            return false
        }
        return parts.count == 2
            || (key.count >= 3 && names.entries.contains { oneTypoApart(key, $0.name.lowercased()) })
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
