import Foundation
import TodoCore

// Field values (`FieldValue`) in JSON, by their kind (`FieldKind`), with one writer and one
// reading rule for every place that writes or reads them: the state file, the journal, the
// sync base, `--json` and export (TodoStore), the wire's attributes (`WireAttributes`, its
// storage column and its Codable form) and the server's push reader.
//
// Text is a string; tags an array of strings (sorted when written); a word, a priority or a
// date (`DueDate.wire`) a string or null; UUIDs an array of strings (lower case, sorted);
// annotations an array of `{"at": TIME, "text": TEXT}`; UDAs an object of strings.

extension JSONWriter {
    /// A field's value, punctuated in this writer's `spacing`: the state file's and the wire's
    /// bytes for one value differ only in spaces after `,` and `:`.
    public mutating func value(_ value: FieldValue) {
        switch value {
        case .text(let text): string(text)
        case .tags(let tags):
            raw("[")
            for (index, tag) in tags.sorted().enumerated() {
                if index > 0 { comma() }
                string(tag)
            }
            raw("]")
        case .word(let word): optionalString(word)
        case .priority(let priority): optionalString(priority?.rawValue)
        case .date(let date): optionalString(date?.wire)
        case .uuids(let uuids):
            raw("[")
            // Upper- and lower-case hex sort alike: digits come before letters in both.
            for (index, uuid) in uuids.sorted(by: { $0.uuidString < $1.uuidString }).enumerated() {
                if index > 0 { comma() }
                lowercaseUUID(uuid)
            }
            raw("]")
        case .annotations(let annotations):
            raw("[")
            for (index, annotation) in annotations.enumerated() {
                if index > 0 { comma() }
                raw("{")
                key("at")
                date(annotation.at)
                comma()
                key("text")
                string(annotation.text)
                raw("}")
            }
            raw("]")
        case .udas(let udas):
            raw("{")
            for (index, (name, value)) in udas.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { comma() }
                string(name)
                colon()
                string(value)
            }
            raw("}")
        }
    }

    private mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { null() }
    }
}
