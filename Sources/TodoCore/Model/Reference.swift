import Foundation

/// Why a todo reference (`3`, `#3`, `8f0e`, a full UUID) names no single todo.
public enum ReferenceError: Error, Equatable, Sendable {
    case malformed(String)
    case noSuchNumber(Int)
    /// Digits too many for any todo's number (`99999999999999999999`), as typed.
    case numberTooLarge(String)
    case noSuchUUID(String)
    case ambiguous(String, candidates: [Todo])
    /// `7-3`: a range must run upwards.
    case reversedRange(String)
    /// `56-63` when no todo has a number in it.
    case emptyRange(String)
}

extension TodoState {
    /// Finds the todo a person means by `reference` (see `TodoReference`).
    public func resolve(_ reference: String) throws(ReferenceError) -> Todo {
        switch TodoReference(reference) {
        case .number(let number):
            guard let number else { throw .numberTooLarge(reference) }
            guard let todo = todo(id: number) else { throw .noSuchNumber(number) }
            return todo
        case .uuidPrefix(let hex):
            let nibbles = Self.nibbles(hex)
            let matches = todos.filter { Self.uuid($0.uuid, startsWith: nibbles) }
            switch matches.count {
            case 0: throw .noSuchUUID(hex)
            case 1: return matches[0]
            default: throw .ambiguous(hex, candidates: matches)
            }
        case .malformed:
            throw .malformed(reference)
        }
    }

    static func nibbles(_ hex: String) -> [UInt8] {
        hex.utf8.map { $0 <= 57 ? $0 - 48 : $0 - 87 }
    }

    static func uuid(_ uuid: UUID, startsWith nibbles: [UInt8]) -> Bool {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for (position, nibble) in nibbles.enumerated() {
                let byte = bytes[position / 2]
                if (position % 2 == 0 ? byte >> 4 : byte & 0x0F) != nibble { return false }
            }
            return true
        }
    }
}

/// What a todo reference says, before looking for the todo.
///
/// Digits alone are always a number, never a UUID prefix: numbers are what people type,
/// and a number that silently fell back to a UUID could pick the wrong todo. Anything
/// else must be 4 to 32 hex digits starting the todo's UUID, or a whole UUID with its
/// dashes: a dash or comma elsewhere makes a range or list (`TodoIDs`), never a prefix.
public enum TodoReference: Equatable, Sendable {
    /// nil when the digits are too many for a number.
    case number(Int?)
    /// Lowercase hex digits, no dashes.
    case uuidPrefix(String)
    case malformed

    public init(_ reference: String) {
        var text = Substring(reference.trimmingCharacters(in: .whitespaces))
        if text.first == "#" { text = text.dropFirst() }
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigitCharacter) {
            self = .number(Int(text))
            return
        }
        let hex = (Self.isWholeUUID(text) ? text.filter { $0 != "-" } : text).lowercased()
        guard (4...32).contains(hex.count), hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else {
            self = .malformed
            return
        }
        self = .uuidPrefix(hex)
    }

    /// `8-4-4-4-12` hex digits with their dashes.
    static func isWholeUUID(_ text: Substring) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isASCIIHexDigit) }
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
    /// 0-9, a-f, A-F (not the fullwidth forms `isHexDigit` takes).
    fileprivate var isASCIIHexDigit: Bool { isASCII && isHexDigit }
}

/// A word naming todos as Taskwarrior's ids do: `3`, a range `3-7`, a list `3,5,9`, and
/// mixtures with UUID prefixes (`3-5,8,8f0e`), or a whole UUID.
///
/// A range never falls back to a UUID prefix: `56-63` is numbers 56 to 63 even when a UUID
/// starts with 5663. A todo named alone must exist; a range names the todos whose numbers it
/// holds, and must hold one.
public struct TodoIDs: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        /// A number or UUID prefix, as `TodoState.resolve` reads it.
        case one(String)
        case range(ClosedRange<Int>, text: String)
    }

    public let parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The parts of `word`; nil when it is not a word of todo references at all (`milk`,
    /// `3-x`, `3,`). UUID prefixes must have `minimumHex` digits or more. Throws for a range
    /// that runs downwards.
    public init?(_ word: String, minimumHex: Int = 4) throws(ReferenceError) {
        var text = Substring(word)
        if text.first == "#" { text = text.dropFirst() }
        if TodoReference.isWholeUUID(text) {
            parts = [.one(String(text))]
            return
        }
        var parts: [Part] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let part = try Self.part(piece, minimumHex: minimumHex) else { return nil }
            parts.append(part)
        }
        self.parts = parts
    }

    private static func part(_ piece: Substring, minimumHex: Int) throws(ReferenceError) -> Part? {
        let ends = piece.split(separator: "-", omittingEmptySubsequences: false)
        if ends.count == 2, ends.allSatisfy(Self.isDigits) {
            guard let low = Int(ends[0]), let high = Int(ends[1]) else { throw .numberTooLarge(String(piece)) }
            guard low <= high else { throw .reversedRange(String(piece)) }
            return .range(low...high, text: String(piece))
        }
        guard ends.count == 1 else { return nil }
        if isDigits(piece) { return .one(String(piece)) }
        let hexLength = (max(4, minimumHex))...32
        return hexLength.contains(piece.count) && piece.allSatisfy(\.isASCIIHexDigit) ? .one(String(piece)) : nil
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The one reference, when the word names one todo (`3`, `8f0e`), not a range or list.
    public var single: String? {
        guard parts.count == 1, case .one(let text) = parts[0] else { return nil }
        return text
    }

    /// The numbers a selection must read to find every todo named; nil when a range is too
    /// wide to list (read every todo instead).
    public var numbers: [Int]? {
        var numbers: [Int] = []
        for part in parts {
            switch part {
            case .one(let text): if case .number(let number?) = TodoReference(text) { numbers.append(number) }
            case .range(let range, _):
                // Not range.count: 0...Int.max overflows.
                guard range.upperBound - range.lowerBound < 64 else { return nil }
                numbers += range
            }
        }
        return numbers
    }

    /// The UUID prefixes among the parts, as lowercase hex digits.
    public var prefixes: [String] {
        parts.compactMap { part in
            guard case .one(let text) = part, case .uuidPrefix(let hex) = TodoReference(text) else { return nil }
            return hex
        }
    }

    /// Whether `todo` is among those named (a prefix that names several names each).
    public func contains(_ todo: some TodoAttributes) -> Bool {
        parts.contains { part in
            switch part {
            case .range(let range, _): range.contains(todo.id)
            case .one(let text):
                switch TodoReference(text) {
                case .number(let number): number == todo.id
                case .uuidPrefix(let hex): TodoState.uuid(todo.uuid, startsWith: TodoState.nibbles(hex))
                case .malformed: false
                }
            }
        }
    }
}

extension TodoState {
    /// The todos `ids` names, in the order named, each once.
    public func resolve(_ ids: TodoIDs) throws(ReferenceError) -> [Todo] {
        var found: [Todo] = []
        for part in ids.parts {
            switch part {
            case .one(let text): found.append(try resolve(text))
            case .range(let range, let text):
                // Numbers are never negative, so this cannot overflow where `range.count` of
                // 0...Int.max would.
                let inRange =
                    range.upperBound - range.lowerBound < todos.count
                    ? range.compactMap { todo(id: $0) }
                    : todos.filter { range.contains($0.id) }.sorted { $0.id < $1.id }
                guard !inRange.isEmpty else { throw .emptyRange(text) }
                found += inRange
            }
        }
        var seen = Set<Int>()
        return found.filter { seen.insert($0.id).inserted }
    }
}
