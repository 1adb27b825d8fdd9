import Foundation
import FuzzSupport
import TodoCLI
import TodoCore
import TodoStore

/// Taskwarrior's grammar: ID words (`3`, `3-7`, `3,5,9`, UUID prefixes) and words before a
/// command. An input is argv, words separated by NUL.
///
/// Every word is an ID word, no ID word, or a refused range; a range is never read as a UUID
/// prefix; the todos an ID word names in the sample state are the same whether the state
/// is read whole or only as the word's selection reads it, and each is one the word holds.
/// A command line with words before its command parses as the same line in git's order.
@_cdecl("FuzzGrammar_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let argv = words(bytes(data, size), atMost: 8)
    for word in argv.prefix(4) { checkIDs(word) }
    checkOrder(argv)
    return 0
}

/// The sample state, in a file, for reading selections of it.
let file: StateFile = {
    let file = StateFile(path: scratch + "/grammar.json")
    _ = try! file.update { _ in sampleState }
    return file
}()

func checkIDs(_ word: String) {
    let ids: TodoIDs
    do {
        guard let parsed = try TodoIDs(word) else { return }
        ids = parsed
    } catch {
        switch error {
        case .reversedRange, .numberTooLarge: return
        default: invariant(false, "\(word.debugDescription): refused as \(error)")
        }
        return
    }
    for part in ids.parts {
        switch part {
        case .range(let range, _): invariant(range.lowerBound <= range.upperBound, "\(word.debugDescription): \(range)")
        case .one(let text):
            invariant(TodoReference(text) != .malformed, "\(word.debugDescription): part \(text) is malformed")
        }
    }
    if word.contains(where: { $0 == "-" || $0 == "," }),
        ids.parts.count > 1 || ids.parts.contains(where: { if case .range = $0 { true } else { false } })
    {
        invariant(TodoReference(word) == .malformed, "\(word.debugDescription): a range or list read as one reference")
    }
    let whole = Result { try sampleState.resolve(ids) }
    let selected = Result { try file.load(.referencedBy([word])).resolve(ids) }
    switch (whole, selected) {
    case (.success(let all), .success(let some)):
        invariant(all.map(\.uuid) == some.map(\.uuid), "\(word.debugDescription): the selection found other todos")
        for todo in all {
            invariant(ids.contains(todo), "\(word.debugDescription) named #\(todo.id), which it does not hold")
        }
    case (.failure(let a), .failure(let b)):
        invariant("\(a)" == "\(b)", "\(word.debugDescription): \(a) read whole, \(b) read in part")
    default:
        invariant(false, "\(word.debugDescription): \(whole) read whole, \(selected) read in part")
    }
}

/// Words before the command mean the same written out again: the filter, the command, the
/// arguments (with `--` where the literal ones begin), options left out.
func checkOrder(_ argv: [String]) {
    guard case .success(let invocation) = parse(argv), !invocation.flag(.help), !invocation.flag(.version) else {
        return
    }
    let gitOrder =
        invocation.filter + [invocation.command]
        + invocation.arguments.prefix(invocation.literalFrom ?? invocation.arguments.count)
        + (invocation.literalFrom.map { ["--"] + invocation.arguments[$0...] } ?? [])
    var plain = invocation
    plain.options = [:]
    // Written out, the command is named: only whether it was implied differs.
    plain.commandImplied = false
    guard case .success(let again) = parse(gitOrder) else {
        invariant(false, "\(argv) parses, but not as \(gitOrder)")
        return
    }
    invariant(again == plain, "\(argv) parses as \(plain), but \(gitOrder) as \(again)")
}
