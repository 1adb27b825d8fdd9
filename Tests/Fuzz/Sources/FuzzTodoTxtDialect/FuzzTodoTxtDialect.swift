import Foundation
import FuzzSupport
@testable import TodoCLI
import TodoCore

/// The todo.txt dialect's reader of command-line words (`TodoTxtLine`). An input is argv,
/// words separated by NUL.
///
/// Reading never fails; a word is read the same whether given alone or among blanks in one
/// argument (as todo.sh joins its arguments); a todo added from the words, written by
/// `export --to todotxt` and read again, has the same name, priority letter and fields,
/// unless its name holds words that read as field words.
@_cdecl("FuzzTodoTxtDialect_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let argv = words(bytes(data, size), atMost: 8)
    let line = TodoTxtLine(argv)
    let joined = TodoTxtLine([argv.joined(separator: " ")])
    invariant(
        joined.name == line.name && joined.letter == line.letter && joined.changes() == line.changes(),
        "\(argv): read apart as \(line.name), together as \(joined.name)")
    checkRoundTrip(line, argv)
    return 0
}

func checkRoundTrip(_ line: TodoTxtLine, _ argv: [String]) {
    let name = line.name.joined(separator: " ")
    guard !Todo.normalizedName(name).isEmpty, TodoTxtLine(line.name, atStart: false).name == line.name,
        let state = try? reduce(
            TodoState(), .add(NewTodo(uuid: UUID(), name: name, changes: line.changes(), createdAt: fixedNow))),
        let todo = state.todos.first
    else { return }
    let written = TodoTxtExport.line(todo)
    let again = TodoTxtLine([written])
    invariant(
        again.name.joined(separator: " ") == todo.name,
        "\(argv): named \(todo.name.debugDescription), written \(written.debugDescription), read back as \(again.name)")
    invariant(
        again.letter == TodoTxtPriority.letter(of: todo),
        """
        \(argv): letter \(String(describing: TodoTxtPriority.letter(of: todo))) written \(written.debugDescription), \
        read back as \(String(describing: again.letter))
        """
    )
    for field in TodoTxtLine.lineFields {
        let value = field.value(of: again.fields.content)
        invariant(
            value == field.value(of: todo),
            "\(argv): \(field.key) \(field.value(of: todo)) written \(written.debugDescription), read back as \(value)")
    }
}
