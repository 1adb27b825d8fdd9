import Foundation

/// A value coded as one string of its own form (a due date's wire form, a rule, an anchor);
/// conforming gives it `Codable` from these two members.
public protocol TextCoded: Codable {
    /// The value `text` spells, or nil.
    init?(codedText text: String)
    var codedText: String { get }
    /// What a value of this type is, for the error about a string that is none: "a due date".
    static var codedName: String { get }
}

extension TextCoded {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(codedText: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not \(Self.codedName): \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codedText)
    }
}
