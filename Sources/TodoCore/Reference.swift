import Foundation

/// Why a todo reference (`3`, `#3`, `8f0e`, a full UUID) names no single todo.
public enum ReferenceError: Error, Equatable, Sendable {
    case malformed(String)
    case noSuchNumber(Int)
    case noSuchUUID(String)
    case ambiguous(String, candidates: [Todo])
}

extension TodoState {
    /// Finds the todo a person means by `reference` (see `TodoReference`).
    public func resolve(_ reference: String) throws(ReferenceError) -> Todo {
        switch TodoReference(reference) {
        case .number(let number):
            guard let number, let todo = todo(id: number) else { throw .noSuchNumber(number ?? Int.max) }
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

    private static func nibbles(_ hex: String) -> [UInt8] {
        hex.utf8.map { $0 <= 57 ? $0 - 48 : $0 - 87 }
    }

    private static func uuid(_ uuid: UUID, startsWith nibbles: [UInt8]) -> Bool {
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
/// else must be 4 to 32 hex digits (dashes ignored) starting the todo's UUID.
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
        let hex = text.filter { $0 != "-" }.lowercased()
        guard (4...32).contains(hex.count), hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            self = .malformed
            return
        }
        self = .uuidPrefix(hex)
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
