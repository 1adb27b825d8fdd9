import Foundation
import Testing

/// The server's documents name the files they describe: a file added to the HTTP front
/// without its line in docs/SERVER-HTTP.md fails here.
struct ServerDocsTests {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theHTTPFrontsTableNamesEveryFileOfItsFolder() throws {
        let folder = Self.root.appendingPathComponent("Server/Sources/TodoServer/HTTP")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/SERVER-HTTP.md"), encoding: .utf8)
        let table = text.components(separatedBy: "## ").first ?? ""
        let named = table.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            String(line.dropFirst(3).prefix { $0 != "`" })
        }
        #expect(files.count >= 9)
        #expect(named.sorted() == files.sorted(), "docs/SERVER-HTTP.md's table against Server/Sources/TodoServer/HTTP")
    }
}
