import Foundation
import Testing

/// docs/DESIGN.md: the switches over the field table's fields, their kinds and their values
/// name every case (no `default:`), so the compiler lists every place a new one must be taught.
@Suite struct NoDefaultOverTablesTests {
    /// Cases only the field table's enums have (`TodoField`, `FieldKind`, `FieldValue`).
    static let tableCases = ["case .tags", "case .uuids", "case .annotations", "case .udas", "case .notes", "case .depends"]

    /// Each `switch` of `text` with the lines of its body, up to the brace that closes it.
    static func switches(_ text: String) -> [[Substring]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [[Substring]] = []
        for (index, line) in lines.enumerated() where line.contains("switch ") && line.hasSuffix("{") {
            var depth = 0
            var body: [Substring] = []
            for inner in lines[index...] {
                depth += inner.filter { $0 == "{" }.count - inner.filter { $0 == "}" }.count
                body.append(inner)
                if depth <= 0 { break }
            }
            found.append(body)
        }
        return found
    }

    @Test func noSwitchOverTheFieldTableHasADefault() throws {
        let sources = URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Sources")
        let server = URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Server/Sources")
        var checked = 0
        for root in [sources, server] {
            let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for body in Self.switches(text) where body.contains(where: { line in Self.tableCases.contains { line.contains($0) } }) {
                    checked += 1
                    // A nested switch's default is its own: only this switch's depth counts.
                    var depth = 0
                    for line in body {
                        if depth == 1, line.trimmingCharacters(in: .whitespaces).hasPrefix("default:") {
                            Issue.record("\(file): a switch over the field table has a default: (\(body.first!.trimmingCharacters(in: .whitespaces)))")
                        }
                        depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                    }
                }
            }
        }
        #expect(checked > 20, "the check found only \(checked) switches over the field table")
    }
}
