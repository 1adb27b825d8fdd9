import Foundation
import TodoCore

/// A todo's attributes (`TodoField.attributes`: tags, project, priority, dates) on the wire,
/// each under its field's key, by its kind: tags as a sorted array of strings; a word, a
/// priority or a date (`DueDate.wire`) as a string or null.
///
/// Which keys are present matters. In a push, a key that is absent leaves the server's value
/// alone (so a client that does not know a field never erases it); null or `[]` clears it.
/// A record from the server is whole: an absent key is a field that is not set.
public struct WireAttributes: Sendable, Equatable {
    /// The values sent, by field; a field absent here was not sent.
    public var values: [TodoField: FieldValue]

    public init(_ values: [TodoField: FieldValue] = [:]) {
        self.values = values
    }

    /// Every attribute of `holder`, set or not: what a client pushes.
    public init(all holder: some TodoFieldHolder) {
        let attributes = holder.attributes
        values = Dictionary(uniqueKeysWithValues: TodoField.attributes.map { ($0, $0.value(of: attributes)) })
    }

    /// Only the attributes that are set: how the server stores and sends them.
    public var setOnly: WireAttributes {
        WireAttributes(values.filter(\.value.isSet))
    }

    /// `self` with every value `change` sends put in place of this one's.
    public func updated(by change: WireAttributes) -> WireAttributes {
        WireAttributes(values.merging(change.values) { _, new in new })
    }

    /// `holder` with these values set, and the attributes absent here unset; or the first
    /// field whose value it cannot hold (`TodoField.checked`).
    public func apply(to holder: inout some TodoFieldHolder) throws(ReduceError) {
        for field in TodoField.attributes {
            field.set(try field.checked(values[field] ?? field.spec.kind.unset), on: &holder)
        }
    }

    func encode(to container: inout KeyedEncodingContainer<WireKey>) throws {
        for field in TodoField.attributes {
            guard let value = values[field] else { continue }
            try value.encode(to: &container, forKey: WireKey(field.key))
        }
    }

    init(from container: KeyedDecodingContainer<WireKey>) throws {
        var values: [TodoField: FieldValue] = [:]
        for field in TodoField.attributes {
            let key = WireKey(field.key)
            guard container.contains(key) else { continue }
            values[field] = try field.spec.kind.decode(from: container, forKey: key)
        }
        self.values = values
    }
}

extension WireAttributes: Codable {
    /// A JSON object of the attributes alone (the server's storage column).
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: WireKey.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try encode(to: &container)
    }
}

/// Any key of a JSON object.
struct WireKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension FieldValue {
    func encode(to container: inout KeyedEncodingContainer<WireKey>, forKey key: WireKey) throws {
        switch self {
        case .text(let text): try container.encode(text, forKey: key)
        case .tags(let tags): try container.encode(tags.sorted(), forKey: key)
        case .word(let word): try container.encode(word, forKey: key)
        case .priority(let priority): try container.encode(priority, forKey: key)
        case .date(let date): try container.encode(date, forKey: key)
        case .uuids(let uuids): try container.encode(uuids.map { $0.uuidString.lowercased() }.sorted(), forKey: key)
        case .annotations(let annotations): try container.encode(annotations.map(WireAnnotation.init), forKey: key)
        case .udas(let udas): try container.encode(udas, forKey: key)
        }
    }
}

extension FieldKind {
    func decode(from container: KeyedDecodingContainer<WireKey>, forKey key: WireKey) throws -> FieldValue {
        switch self {
        case .text:
            return .text(try container.decode(String.self, forKey: key))
        case .tags:
            return .tags(Set(try container.decodeIfPresent([String].self, forKey: key) ?? []))
        case .word:
            let word = try container.decodeIfPresent(String.self, forKey: key)
            return .word(word?.isEmpty == true ? nil : word)
        case .priority:
            return .priority(try container.decodeIfPresent(Priority.self, forKey: key))
        case .date:
            return .date(try container.decodeIfPresent(DueDate.self, forKey: key))
        case .uuids:
            return .uuids(Set(try container.decodeIfPresent([UUID].self, forKey: key) ?? []))
        case .annotations:
            return .annotations(try (container.decodeIfPresent([WireAnnotation].self, forKey: key) ?? []).map(\.annotation))
        case .udas:
            return .udas(try container.decodeIfPresent([String: String].self, forKey: key) ?? [:])
        }
    }
}

/// An annotation on the wire: `{"at": "2026-11-25T10:00:00.000Z", "text": "…"}`.
/// The time is written out here rather than left to the coder's date strategy, so that the
/// server's storage column and the wire agree whatever coder each uses.
struct WireAnnotation: Codable {
    var at: String
    var text: String

    init(_ annotation: Annotation) {
        (at, text) = (DueDate.instant(annotation.at).wire, annotation.text)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (at, text) = (try container.decode(String.self, forKey: .at), try container.decode(String.self, forKey: .text))
        guard case .instant = DueDate(wire: at) else {
            throw DecodingError.dataCorruptedError(forKey: .at, in: container, debugDescription: "not an ISO 8601 UTC time: \(at)")
        }
    }

    var annotation: Annotation {
        guard case .instant(let date) = DueDate(wire: at) else { return Annotation(at: .distantPast, text: text) }
        return Annotation(at: date, text: text)
    }
}

extension WireAttributes {
    /// These attributes as one JSON object, as the server stores them: what `WireJSON.encoder`
    /// writes (keys in order), up to escapes. Written by hand: the server stores the attributes
    /// of every todo a push changes, and `JSONEncoder` cost more than the rest of the change.
    public var json: String {
        var out = JSONWriter(capacity: 128, spacing: .compact)
        out.raw("{")
        for (index, (field, value)) in values.sorted(by: { $0.key.key < $1.key.key }).enumerated() {
            if index > 0 { out.comma() }
            out.string(field.key)
            out.colon()
            out.value(value)
        }
        out.raw("}")
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
