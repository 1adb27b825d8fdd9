/// The part of a settings key that names something (`tag.NAME`, `uda.NAME`,
/// `uda.NAME.VALUE`), as urgency settings and colour rules both spell it; NAME splits from
/// VALUE at its first dot, as Taskwarrior does.
enum PatternKey {
    /// The kind `middle` is by the first of `patterns` it starts with (each needing a name
    /// after it), else `uda` or `udaValue`; with the name and value it holds. Nil for none.
    static func read<Kind>(_ middle: Substring, patterns: [(String, Kind)], uda: Kind, udaValue: Kind) -> (
        Kind, String, String
    )? {
        for (start, kind) in patterns where middle.hasPrefix(start) && middle.count > start.count {
            return (kind, String(middle.dropFirst(start.count)), "")
        }
        guard middle.hasPrefix("uda."), middle.count > 4 else { return nil }
        let named = middle.dropFirst(4)
        guard let dot = named.firstIndex(of: ".") else { return (uda, String(named), "") }
        let name = String(named[..<dot]), value = String(named[named.index(after: dot)...])
        return name.isEmpty || value.isEmpty ? nil : (udaValue, name, value)
    }
}
