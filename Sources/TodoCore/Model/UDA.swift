import Foundation

/// User-defined attributes: names a person declares (`todo config uda.NAME.type date`),
/// whose values every todo keeps in its `udas` field as text.
public enum UDA {
    /// A name for `NAME:VALUE`: ASCII letters (either case, as Taskwarrior allows), digits,
    /// `_` and `-`, starting with a letter, at most 64 bytes, and no field's key or attribute
    /// word (no `.`: `NAME.below:` filters, `uda.NAME.type` declares).
    public static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first), name.utf8.count <= 64 else { return false }
        let word = name.utf8.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "-")
        }
        return word && TodoField(rawValue: name) == nil && TodoField(attributeKey: name) == nil
            && !reserved.contains(name)
    }

    /// The words a name's rule says in messages.
    public static let rule = "a word of ASCII letters, digits, _ and -, starting with a letter, and no field of todo's"

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Keys a todo's JSON and Taskwarrior's tasks use for other things: no field, and no
    /// user-defined attribute (an import keeps every other key of a task as one).
    public static let reserved: Set = [
        "id", "uuid", "status", "entry", "modified", "end", "mask", "imask", "parent", "urgency", "rtype", "template",
        "last",
        "completed", "uda"
    ]
}

/// What a declared attribute holds, as Taskwarrior's `uda.NAME.type` says it.
public enum UDAType: String, CaseIterable, Hashable, Sendable {
    case string, number, date, duration

    /// Taskwarrior's word for the type (`numeric` for number).
    public init?(word: String) {
        if word == "numeric" { self = .number } else { self.init(rawValue: word) }
    }
}

/// One declared attribute: `uda.NAME.type`, `.values`, `.label`.
public struct UDADeclaration: Hashable, Sendable {
    public var name: String
    public var type: UDAType
    /// The only values allowed (`uda.NAME.values`), in order; empty for any.
    public var values: [String]
    /// What `show` calls it (`uda.NAME.label`); the name when none.
    public var label: String

    public init(name: String, type: UDAType, values: [String] = [], label: String? = nil) {
        self.name = name
        self.type = type
        self.values = values
        self.label = label ?? name
    }

    /// The text a typed value is kept as, or why it cannot be: a number as written, a date
    /// in its wire form, a duration as `DurationText` reads it; "" for none.
    public func value(typed text: String, in dates: DateContext) throws(UDAValueError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        if !values.isEmpty, !values.contains(trimmed) {
            throw UDAValueError("\(name) is one of \(values.joined(separator: ", ")), not \(trimmed.debugDescription)")
        }
        switch type {
        case .string:
            guard !trimmed.contains(where: \.isNewline) else { throw UDAValueError("\(name) is one line of text") }
            return trimmed
        case .number:
            guard Double(trimmed)?.isFinite == true else {
                throw UDAValueError("\(name) is a number, not \(trimmed.debugDescription)")
            }
            return trimmed
        case .date:
            do {
                return try DateReader.read(trimmed, in: dates).wire
            } catch {
                throw UDAValueError(error.description)
            }
        case .duration:
            guard DurationText.seconds(trimmed) != nil else {
                throw UDAValueError(
                    "\(name) is a duration like 3d, 2h, 1w, 30min or PT2H, not \(trimmed.debugDescription)")
            }
            return trimmed
        }
    }

    /// A kept value as something to compare with others of this attribute: numbers and
    /// durations by amount, dates by instant (end of a whole day), text as it is.
    public func sortValue(_ text: String, in dates: DateContext) -> UDASortValue {
        switch type {
        case .string: return .text(text)
        case .number: return Double(text).map(UDASortValue.number) ?? .text(text)
        case .duration: return DurationText.seconds(text).map(UDASortValue.number) ?? .text(text)
        case .date:
            guard let date = DueDate(wire: text) ?? DueDate(taskwarrior: text) else { return .text(text) }
            return .number(date.deadline(in: dates).timeIntervalSince1970)
        }
    }
}

/// A value of a declared attribute, ordered: numbers before text.
public enum UDASortValue: Comparable, Sendable {
    case number(Double)
    case text(String)
}

/// A value a declared attribute cannot hold.
public struct UDAValueError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// The attributes this device declares, by name.
public struct UDASchema: Equatable, Sendable {
    public var declarations: [String: UDADeclaration]

    public init(_ declarations: [UDADeclaration] = []) {
        self.declarations = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    public static let none = UDASchema()

    public subscript(name: String) -> UDADeclaration? { declarations[name] }

    /// The declared names, sorted.
    public var names: [String] { declarations.keys.sorted() }

    /// The declarations that `uda.NAME.type|values|label` settings make; or the first setting
    /// that declares nothing sensible.
    public init(settings: [String: String]) throws(UDAValueError) {
        var types: [String: UDAType] = [:]
        var values: [String: [String]] = [:]
        var labels: [String: String] = [:]
        for (key, value) in settings where key.hasPrefix("uda.") {
            let (name, part) = try Self.parse(key: key)
            switch part {
            case .type:
                guard let type = UDAType(word: value) else {
                    throw UDAValueError("\(key) is string, number, date or duration, not \(value.debugDescription)")
                }
                types[name] = type
            case .values:
                values[name] = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    !$0.isEmpty
                }
            case .label: labels[name] = value
            }
        }
        if let orphan = Set(values.keys).union(labels.keys).subtracting(types.keys).sorted().first {
            throw UDAValueError("uda.\(orphan) has values or a label but no type: set uda.\(orphan).type")
        }
        self.init(
            types.map {
                UDADeclaration(name: $0.key, type: $0.value, values: values[$0.key] ?? [], label: labels[$0.key])
            })
    }

    /// The parts of a `uda.NAME.PART` key.
    public enum Part: String, CaseIterable, Sendable { case type, values, label }

    /// NAME and PART of `uda.NAME.PART`, or why the key is none.
    public static func parse(key: String) throws(UDAValueError) -> (String, Part) {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "uda", let part = Part(rawValue: parts[2]) else {
            throw UDAValueError(
                """
                \(key.debugDescription) is no setting; an attribute is declared with uda.NAME.type, uda.NAME.values, \
                uda.NAME.label
                """
            )
        }
        guard UDA.isName(parts[1]) else {
            throw UDAValueError("\(parts[1].debugDescription) cannot name an attribute: \(UDA.rule)")
        }
        return (parts[1], part)
    }
}

/// Durations as people and Taskwarrior write them: `3d`, `2h`, `1w`, `30min`, `45s`, `2mo`,
/// `1y`, or ISO 8601 (`PT2H30M`, `P1D`).
public enum DurationText {
    /// The length in seconds (months are 30 days, years 365); nil for text that is none.
    public static func seconds(_ text: String) -> Double? {
        let lower = text.lowercased()
        if lower.hasPrefix("p") { return iso(lower.dropFirst()) }
        let digits = lower.prefix { $0.isNumber || $0 == "." }
        guard let amount = Double(digits), amount.isFinite else { return nil }
        guard let unit = units[String(lower.dropFirst(digits.count))] else { return nil }
        return amount * unit
    }

    private static let units: [String: Double] = [
        "s": 1, "sec": 1, "secs": 1, "seconds": 1, "min": 60, "mins": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hours": 3600, "d": 86_400, "day": 86_400, "days": 86_400,
        "w": 604_800, "wk": 604_800, "wks": 604_800, "weeks": 604_800, "mo": 2_592_000, "months": 2_592_000,
        "y": 31_536_000, "yr": 31_536_000, "yrs": 31_536_000, "years": 31_536_000
    ]

    /// `1DT2H30M` and the like, after the `P`.
    private static func iso(_ text: Substring) -> Double? {
        var total = 0.0
        var number = ""
        var inTime = false
        var any = false
        for character in text {
            if character == "t" { inTime = true; continue }
            if character.isNumber || character == "." { number.append(character); continue }
            guard let amount = Double(number) else { return nil }
            let unit: Double? =
                switch (character, inTime) {
                case ("y", false): 31_536_000
                case ("m", false): 2_592_000
                case ("w", false): 604_800
                case ("d", false): 86_400
                case ("h", true): 3600
                case ("m", true): 60
                case ("s", true): 1
                default: nil
                }
            guard let unit else { return nil }
            total += amount * unit
            number = ""
            any = true
        }
        return any && number.isEmpty ? total : nil
    }
}

extension UDAType {
    /// The type values kept from elsewhere (an import) suggest: number when each is one, a
    /// date when each is Taskwarrior's or todo's date, a duration when each is one, else string.
    public static func inferred(from values: some Collection<String>) -> UDAType {
        guard !values.isEmpty else { return .string }
        if values.allSatisfy({ Double($0)?.isFinite == true }) { return .number }
        if values.allSatisfy({ DueDate(taskwarrior: $0) != nil || DueDate(wire: $0) != nil }) { return .date }
        if values.allSatisfy({ DurationText.seconds($0) != nil }) { return .duration }
        return .string
    }
}
