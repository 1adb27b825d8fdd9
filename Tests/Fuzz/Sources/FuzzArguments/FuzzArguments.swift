#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import FuzzSupport
import TodoCLI
import TodoCore
import TodoStore

/// The argument parser, then the whole command, in either dialect. An input is argv, words separated by NUL.
///
/// A parsed command line, written out canonically (command, `--long=value` options,
/// arguments, and `--` where the literal words began), parses to the same invocation. Run in a scratch directory on a
/// state file with a journal, a command exits 0, 1 or 2; a failure says why on stderr and leaves the
/// state file and journal byte-identical; read-only commands never change them.
@_cdecl("FuzzArguments_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // A real argv holds at most a few words.
    let argv = words(bytes(data, size), atMost: 16)
    guard case .success(let invocation) = parse(argv) else { return 0 }
    let written = canonical(invocation)
    // Written out, the command is named: only whether it was implied differs.
    var named = invocation
    named.commandImplied = false
    invariant(parse(written) == .success(named), "\(argv) parses as \(invocation), but \(written) as \(parse(written))")
    if isConfined(invocation) { checkRun(argv, invocation) }
    return 0
}

/// The invocation as one command line: the filter words before the command, if any, the command, each option as
/// `--long` or `--long=value` (by name, then in the order given), the arguments, with `--` where the literal words
/// began (words after it are never attribute words or filter terms), if anywhere.
func canonical(_ invocation: Invocation) -> [String] {
    let options = (CommandTable.command(named: invocation.command)?.options ?? []) + CommandTable.globalOptions
    var words = invocation.filter + [invocation.command]
    for (long, values) in invocation.options.sorted(by: { $0.key < $1.key }) {
        let takesValue = options.first { $0.long == long }?.valueName != nil
        words += values.map { takesValue ? "--\(long)=\($0)" : "--\(long)" }
    }
    guard let literal = invocation.literalFrom else { return words + invocation.arguments }
    return words + invocation.arguments[..<literal] + ["--"] + invocation.arguments[literal...]
}

/// Whether running the command touches nothing outside the scratch directory: no path with a
/// slash, no file to import but stdin.
func isConfined(_ invocation: Invocation) -> Bool {
    if invocation.options["file"]?.contains(where: { $0.contains("/") }) == true { return false }
    if invocation.command == "import", !invocation.flag(.help), invocation.arguments != ["-"] { return false }
    return true
}

/// A state file and journal made by the store, in a directory that is the working one.
let sandbox: (directory: String, files: [[UInt8]?]) = {
    let directory = scratch + "/run"
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    precondition(chdir(directory) == 0)
    let file = StateFile(path: directory + "/todos.json")
    _ = try! file.update { _ in sampleState }
    let uuids = UUIDCounter(tag: 2)
    _ = try! file.update(.none) {
        try reduce($0, .add(NewTodo(uuid: uuids.make(), name: "journalled", createdAt: fixedNow)))
    }
    let files = stateBytes(file.path)
    precondition(files[1] != nil, "the sandbox's state has no journal")
    return (directory, files)
}()

let readOnly: Set<String> = [
    "list", "listall", "listpri", "listproj", "listcon", "archive", "show", "export", "help", "completions",
    "__complete", "__man"
]

func checkRun(_ argv: [String], _ invocation: Invocation) {
    // A name that cannot be a file (empty, a directory, too long) is tried on the files as
    // they are: the command must fail without changing them.
    var path = sandbox.directory + "/" + (invocation.value(.file) ?? "todos.json")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: sandbox.directory)) ?? [] {
        try? FileManager.default.removeItem(atPath: sandbox.directory + "/" + name)
    }
    if !put(sandbox.files[0], at: path) || !put(sandbox.files[1], at: path + ".journal") {
        path = sandbox.directory + "/todos.json"
        _ = put(sandbox.files[0], at: path) && put(sandbox.files[1], at: path + ".journal")
    }
    let before = stateBytes(path)
    let environment = [
        "HOME": sandbox.directory, "TODO_FILE": "todos.json", "XDG_CONFIG_HOME": sandbox.directory + "/config",
        "TODO_LOCK_TIMEOUT": "0", "LANG": "C.UTF-8",
        // Every other command line in the todo.txt dialect, whose readers differ.
        "TODO_SYNTAX": argv.count % 2 == 0 ? "taskwarrior" : "todotxt"
    ]
    let uuids = UUIDCounter(tag: 3)
    let output = run(Context(arguments: argv, environment: environment, now: { fixedNow }, newUUID: uuids.make))
    let shown = "todo \(argv) exited \(output.status), stderr: \(output.stderr)"
    invariant([0, 1, 2].contains(output.status), shown)
    if output.status != 0 {
        invariant(output.stderr.hasPrefix("todo: "), "\(shown): a failure must say why")
        invariant(stateBytes(path) == before, "\(shown): a failure changed the state file or journal")
    }
    if readOnly.contains(invocation.command) {
        invariant(stateBytes(path) == before, "\(shown): a read-only command changed the state file or journal")
    }
    if let after = try? StateFile(path: path).load() { checkState(after, "the state after \(shown)") }
}
