import Foundation

/// Why a todo reference (`3`, `#3`, `8f0e`, a full UUID) names no single todo.
public enum ReferenceError: Error, Equatable, Sendable {
    case malformed(String)
    case noSuchNumber(Int)
    case noSuchUUID(String)
    case ambiguous(String, candidates: [Todo])
}

extension TodoState {
    /// Finds the todo a person means by `reference`.
    ///
    /// Digits alone are always a number, never a UUID prefix: numbers are what people type,
    /// and a number that silently fell back to a UUID could pick the wrong todo. Anything
    /// else must be 4 to 32 hex digits (dashes ignored) starting the todo's UUID.
    public func resolve(_ reference: String) throws(ReferenceError) -> Todo {
        var text = Substring(reference.trimmingCharacters(in: .whitespaces))
        if text.first == "#" { text = text.dropFirst() }
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigitCharacter) {
            guard let number = Int(text), let todo = todo(id: number) else {
                throw .noSuchNumber(Int(text) ?? Int.max)
            }
            return todo
        }
        let hex = text.filter { $0 != "-" }.lowercased()
        guard (4...32).contains(hex.count), let nibbles = Self.nibbles(hex) else {
            throw .malformed(reference)
        }
        let matches = todos.filter { Self.uuid($0.uuid, startsWith: nibbles) }
        switch matches.count {
        case 0: throw .noSuchUUID(hex)
        case 1: return matches[0]
        default: throw .ambiguous(hex, candidates: matches)
        }
    }

    private static func nibbles(_ hex: String) -> [UInt8]? {
        var result: [UInt8] = []
        for byte in hex.utf8 {
            switch byte {
            case 48...57: result.append(byte - 48)
            case 97...102: result.append(byte - 87)
            default: return nil
            }
        }
        return result
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

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
