import Foundation
import TodoCore

/// `ls` in the todo.txt dialect, as `todo.sh ls` prints: each todo's number (zero-padded to
/// the widest) and its todo.txt line (`TodoTxtExport.line`), ordered by the line as
/// `sort -f` orders it, then a `--` line and `TODO: n of m tasks shown`. With colour, a line
/// takes the colour todo.sh gives its priority, and a completed one light grey.
enum TodoTxtListing {
    /// The lines of `todos`, numbers padded to `numberWidth` digits; with `sortingByLine`, in
    /// todo.sh's order: by their lines, ASCII letters folded to capitals, byte by byte, then by number.
    static func lines(_ todos: [Todo], sortingByLine: Bool, numberWidth: Int, style: Style, numbers: [UUID: Int])
        -> String
    {
        var rows = todos.map { (todo: $0, line: TodoTxtExport.line($0, numbers: numbers)) }
        if sortingByLine {
            let folded = { (line: String) in Array(line.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }) }
            rows = rows.map { ($0, folded($0.line)) }.sorted { a, b in
                a.1 == b.1 ? a.0.todo.id < b.0.todo.id : a.1.lexicographicallyPrecedes(b.1)
            }.map(\.0)
        }
        var out = ""
        for (todo, line) in rows {
            let number = String(todo.id)
            let text = String(repeating: "0", count: max(0, numberWidth - number.count)) + number + " " + oneLine(line)
            out += style.ansi(text, colour(todo)) + "\n"
        }
        return out
    }

    /// todo.sh's colours: (A) yellow, (B) green, (C) light blue, another letter white, done light grey.
    private static func colour(_ todo: Todo) -> String? {
        if todo.completed { return "0;37" }
        return TodoTxtPriority.letter(of: todo).map { ["A": "1;33", "B": "0;32", "C": "1;34"][$0] ?? "1;37" }
    }

    /// `--` and `TODO: 2 of 5 tasks shown`.
    static func footer(shown: Int, of total: Int) -> String {
        "--\nTODO: \(shown) of \(total) tasks shown\n"
    }

    /// `listall`'s: the open todos shown, the completed, and both.
    static func footer(open: (Int, Int), done: (Int, Int)) -> String {
        "--\nTODO: \(open.0) of \(open.1) tasks shown\nDONE: \(done.0) of \(done.1) tasks shown\n"
            + "total \(open.0 + done.0) of \(open.1 + done.1) tasks shown\n"
    }
}

/// Filter words in the todo.txt dialect, as `todo.sh ls` reads them: text the todo's todo.txt
/// line holds, in any case; `-TEXT`, text it must not hold.
struct TodoTxtLineFilter: Equatable {
    var holding: [String] = []
    var without: [String] = []

    init(_ words: [String]) {
        for word in words.flatMap({ todoTxtWords($0, at: \.properties.isWhitespace) }) {
            if word.count > 1, word.first == "-" {
                without.append(word.dropFirst().lowercased())
            } else {
                holding.append(word.lowercased())
            }
        }
    }

    var isEmpty: Bool { holding.isEmpty && without.isEmpty }

    func matches(_ todo: Todo) -> Bool {
        guard !isEmpty else { return true }
        let line = TodoTxtExport.line(todo).lowercased()
        return holding.allSatisfy(line.contains) && !without.contains(where: line.contains)
    }
}
