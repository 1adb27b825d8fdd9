import Foundation
import TodoCore
import TodoStore
import TodoWire

/// The numbers behind a report, as `--json` prints them: an object's members or an array's
/// elements one a line, what they hold on that line.
indirect enum ReportJSON {
    case int(Int)
    /// Rounded to two decimals.
    case number(Double)
    case string(String)
    case date(Date)
    case null
    case array([ReportJSON])
    case object([(String, ReportJSON)])

    static func optional(_ value: Int?) -> ReportJSON { value.map(ReportJSON.int) ?? .null }
    static func optional(_ value: Double?) -> ReportJSON { value.map(ReportJSON.number) ?? .null }
    static func optional(_ value: String?) -> ReportJSON { value.map(ReportJSON.string) ?? .null }
    static func optional(_ value: Date?) -> ReportJSON { value.map(ReportJSON.date) ?? .null }
    static func day(_ day: CalendarDay?) -> ReportJSON { optional(day?.description) }

    /// The whole output, with its newline.
    var document: String {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            return "[\n" + elements.map { "  " + $0.compact }.joined(separator: ",\n") + "\n]\n"
        case .object(let members) where !members.isEmpty:
            return "{\n" + members.map { "  " + json($0.0) + ": " + $0.1.compact }.joined(separator: ",\n") + "\n}\n"
        default: return compact + "\n"
        }
    }

    /// On one line.
    var compact: String {
        switch self {
        case .int(let value): return String(value)
        case .number(let value): return String(format: "%.2f", value)
        case .string(let text): return json(text)
        case .date(let date):
            var writer = JSONWriter()
            writer.date(date)
            return String(decoding: writer.bytes, as: UTF8.self)
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { json($0.0) + ": " + $0.1.compact }.joined(separator: ", ") + "}"
        }
    }
}
