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
        // Set one by one into a table sized once: each key hashed once (a push builds 10,000).
        var values = [TodoField: FieldValue](minimumCapacity: TodoField.attributes.count)
        for field in TodoField.attributes { values[field] = field.value(of: attributes) }
        self.values = values
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

    /// Each value sent, as the one writer writes it (`JSONWriter.value`), handed to the encoder
    /// as the same JSON (`JSONValue`).
    func encode(to container: inout KeyedEncodingContainer<WireKey>) throws {
        guard !values.isEmpty else { return }
        let members = try WireJSON.decoder.decode([String: JSONValue].self, from: Data(json.utf8))
        for (key, value) in members { try container.encode(value, forKey: WireKey(key)) }
    }

    /// Each attribute present, read from the JSON the decoder holds by the one reading rule
    /// (`FieldKind.read(from:)`).
    init(from container: KeyedDecodingContainer<WireKey>) throws {
        var values: [TodoField: FieldValue] = [:]
        for field in TodoField.attributes {
            let key = WireKey(field.key)
            guard container.contains(key) else { continue }
            var reader = JSONValue.Reader(try container.decode(JSONValue.self, forKey: key))
            do {
                values[field] = try field.spec.kind.read(from: &reader)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(error)")
            }
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

extension WireAttributes {
    /// These attributes as one JSON object, as the server stores them: what `WireJSON.encoder`
    /// writes (keys in order), up to escapes. Written by hand: the server stores the attributes
    /// of every todo a push changes, and `JSONEncoder` cost more than the rest of the change.
    public var json: String {
        var out = JSONWriter(capacity: 128, spacing: .compact)
        out.raw("{")
        writeMembers(to: &out, first: true)
        out.raw("}")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Each value sent as a member `"key":value` of an object `out` is writing, in key order,
    /// with a comma before each but the `first`.
    func writeMembers(to out: inout JSONWriter, first: Bool) {
        var first = first
        for (field, quotedKey) in Self.keyOrder {
            guard let value = values[field] else { continue }
            if !first { out.comma() }
            first = false
            out.bytes.append(contentsOf: quotedKey)
            out.colon()
            out.value(value)
        }
    }

    /// The attributes by their keys' order, sorted once, each with its key as a JSON string
    /// (a plain word: nothing to escape).
    private static let keyOrder = TodoField.attributes.sorted { $0.key < $1.key }.map { field in
        (field, Array("\"\(field.key)\"".utf8))
    }
}
