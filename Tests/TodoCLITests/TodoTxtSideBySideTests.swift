import Foundation
import Testing

/// The same commands in the real todo.sh (Debian's `todo-txt`) and in todo's todo.txt dialect,
/// on the same starting list at one clock (todo's in process, todo.sh's by faketime): after
/// each the todos and their fields must be the same (`TodoTxtEntry`), and `ls`, `listpri`,
/// `listall`, `listproj` and `listcon` must print what todo.sh prints where the lines can agree.
@Suite(.serialized) struct TodoTxtSideBySideTests {
    static let clock = "2026-11-25 12:00:00"
    static let today = "2026-11-25"
    static let zone = "Europe/Berlin"
    /// todo, in process at the clock.
    let local: InProcess
    let todoSh: RealTodoTxt

    /// How todo is told the dialect: `TODO_SYNTAX`, `--syntax` after the verb, or `todo config syntax`.
    enum Way { case environment, option, config }

    /// A command as both tools take it; `#word` stands for the number of the open todo whose
    /// name holds `word`, which each tool gives its own way.
    struct Step: CustomStringConvertible {
        var words: [String]
        var way: Way
        init(_ words: String..., way: Way = .environment) {
            self.words = words
            self.way = way
        }
        var verb: String { words[0] }
        var description: String { words.joined(separator: " ") }
    }

    /// #1 to #4 in both.
    static let start = """
        (B) 2026-11-20 water plants @home +garden due:2026-11-27
        2026-11-21 file taxes +admin
        2026-11-22 book dentist @phone
        (C) 2026-11-18 fix bike @garage +repair t:2026-11-20

        """

    static let steps: [Step] = [
        Step("add", "(A) Call mom +family @phone due:2026-12-02"),
        Step("add", "(A)", "Call", "dad", "@phone", "+family", "due:2026-12-03"),
        Step("add", "(b)", "pay", "rent", "@desk", "+bills", "+home", "due:2026-12-01", "rec:+1w"),
        Step("add", "buy milk @store +shop t:2026-11-24"),
        Step("a", "sweep", "porch", "+home", "due:2026-11-30", "rec:2d"),
        Step("add", "plan", "trip"),
        Step("add", "renew passport @office", way: .option),
        Step("add", "x marks the spot"),
        Step("add", "(C) 2026-11-10 clean gutters"),
        Step("ls"),
        Step("pri", "#milk", "A"),
        Step("p", "#trip", "B"),
        Step("pri", "#bike", "D"),
        Step("pri", "#milk", "B", way: .option),
        Step("ls"),
        Step("listpri"),
        Step("listpri", "A"),
        Step("lsp", "A-B", way: .option),
        Step("depri", "#milk", "#trip", "#passport"),
        Step("append", "#dentist", "soon"),
        Step("app", "#trip", ", maybe Rome"),
        Step("append", "#milk", "and eggs +groceries @market"),
        Step("prepend", "#rent", "first"),
        Step("prep", "#porch", "@outside quickly"),
        Step("replace", "#passport", "renew passport and visa @office +travel due:2026-12-20"),
        Step("replace", "#bike", "fix bike brakes @garage"),
        Step("replace", "#taxes", "(A) file tax return +admin due:2026-12-15"),
        Step("ls"),
        Step("ls", "+family"),
        Step("list", "@phone"),
        Step("ls", "-family"),
        Step("ls", "call", "dad"),
        Step("ls", "MILK", way: .option),
        Step("listproj"),
        Step("lsc"),
        Step("add", "read novel pri:C @couch"),
        Step("ls", "novel"),
        Step("do", "#novel"),
        Step("do", "#dad", "#dentist"),
        Step("ls"),
        Step("del", "#trip"),
        Step("rm", "#passport"),
        Step("archive"),
        Step("listall"),
        Step("lsa", "home"),
        Step("lsprj"),
        Step("add", "(z) call plumber @phone +home", way: .config),
        Step("pri", "#plumber", "c", way: .config),
        Step("ls", "@phone", way: .config),
        Step("listpri", "c", way: .config),
        Step("depri", "#plumber", way: .config),
        Step("do", "#plumber", way: .config),
        Step("ls", way: .config),
        Step("listcon", way: .config)
    ]

    /// Where todo.sh does otherwise and todo keeps what the user meant; each patches todo.sh's
    /// entry for the todo whose name holds the word, and must be seen.
    static let differences: [(word: String, why: String, patch: @Sendable (inout TodoTxtEntry) -> Void)] = [
        (
            "return",
            """
            todo.sh's replace drops the creation date when the new text starts with a priority (its pattern for a \
            leading priority and date takes the priority alone as both); todo keeps the todo's creation date
            """,
            { $0.created = $0.created ?? "2026-11-21" }
        ),  // file taxes's, in `start`
        (
            "gutters",
            """
            todo.sh -t writes today's date before a creation date typed after the priority, which becomes a word of \
            the name; todo takes the typed date as the creation date
            """,
            { entry in
                if let typed = entry.name.first, TodoTxtEntry.day(typed) != nil {
                    (entry.created, entry.name) = (typed, Array(entry.name.dropFirst()))
                }
            }
        )
    ]

    init() throws {
        local = try InProcess(now: InProcess.moment(Self.clock, in: Self.zone), zone: Self.zone)
        todoSh = try RealTodoTxt(
            in: local.box.directory, timeZone: Self.zone, options: ["-p", "-f", "-t", "-A"], clock: Self.clock)
        try Self.start.write(toFile: todoSh.file, atomically: true, encoding: .utf8)
        try todo(["import", "--from", "todotxt", todoSh.file], way: nil)
    }

    /// Runs todo at the clock, in the todo.txt dialect the way `way` says (nil: the default dialect), expecting
    /// success.
    @discardableResult
    func todo(_ arguments: [String], way: Way?) throws -> RunResult {
        var environment: [String: String] = [:]
        var arguments = arguments
        switch way {
        case .environment?: environment["TODO_SYNTAX"] = "todotxt"
        case .option?: arguments.insert(contentsOf: ["--syntax", "todotxt"], at: 1)
        case .config?, nil: break
        }
        let result = local.run(arguments, environment: environment)
        #expect(result.status == 0 && result.stderr == "", "todo \(arguments): \(result)")
        return result
    }

    /// todo.sh's numbers: the line in todo.txt of each open todo, by the words of its name.
    func todoShNumbers() throws -> [(number: Int, name: [String])] {
        try RealTodoTxt.lines(todoSh.file).enumerated().compactMap { offset, line in
            line.isEmpty ? nil : (offset + 1, TodoTxtEntry(line).name)
        }
    }

    /// todo's numbers of its open todos, by the words of their names.
    func todoNumbers() throws -> [(number: Int, name: [String])] {
        let json = try #require(try parseJSON(try todo(["list", "--json"], way: nil).stdout) as? [[String: Any]])
        return json.compactMap { todo in
            guard let id = todo["id"] as? Int, let name = todo["name"] as? String else { return nil }
            return (id, name.split(separator: " ").map(String.init))
        }
    }

    /// `words` with each `#word` given as the number of the one todo whose name holds it.
    static func resolved(_ words: [String], _ numbers: [(number: Int, name: [String])]) throws -> [String] {
        try words.map { word in
            guard word.first == "#" else { return word }
            let holding = numbers.filter {
                $0.name.contains { $0.trimmingCharacters(in: .punctuationCharacters) == word.dropFirst() }
            }
            return String(try #require(holding.count == 1 ? holding[0].number : nil, "\(word) among \(numbers)"))
        }
    }

    /// todo.sh's `line` with the known differences patched, and the word of the one that patched it.
    static func todoShEntry(_ line: String) -> (entry: TodoTxtEntry, patched: String?) {
        var entry = TodoTxtEntry(line)
        for difference in differences where entry.name.contains(difference.word) {
            let before = entry
            difference.patch(&entry)
            if entry != before { return (entry, difference.word) }
        }
        return (entry, nil)
    }

    /// todo.sh's todos, todo.txt's and done.txt's, with the known differences patched; and which of those it saw.
    func todoShEntries() throws -> (entries: [TodoTxtEntry], patched: Set<String>) {
        let read = try (RealTodoTxt.lines(todoSh.file) + RealTodoTxt.lines(todoSh.done)).filter { !$0.isEmpty }.map(
            Self.todoShEntry)
        return (read.map(\.entry), Set(read.compactMap(\.patched)))
    }

    func todoEntries() throws -> [TodoTxtEntry] {
        try todo(["export", "--to", "todotxt"], way: nil).lines.map(TodoTxtEntry.init)
    }

    @Test func theSameCommandsLeaveTheSameTodos() throws {
        #expect(Self.steps.count >= 40)
        var renumbered = false
        var configured = false
        var patched = Set<String>()
        for step in Self.steps {
            if step.way == .config, !configured {
                try todo(["config", "syntax", "todotxt"], way: nil)
                configured = true
            }
            let theirs = try todoSh.run(try Self.resolved(step.words, try todoShNumbers())).stdout
            let mine = try todo(try Self.resolved(step.words, try todoNumbers()), way: step.way).stdout
            let (entries, seen) = try todoShEntries()
            patched.formUnion(seen)
            let todoEntries = try todoEntries()
            #expect(
                Self.sorted(todoEntries) == Self.sorted(entries),
                """
                after \(step): todo has\n\(Self.sorted(todoEntries).joined(separator: "\n"))\ntodo.sh has\n\
                \(Self.sorted(entries).joined(separator: "\n"))
                """
            )
            switch step.verb {
            case "ls", "list", "listpri", "lsp", "listall", "lsa":
                compareListings(mine, theirs, step, numbered: !renumbered)
            case "listproj", "lsprj", "listcon", "lsc":
                let open = try RealTodoTxt.lines(todoSh.file).filter { !$0.isEmpty }
                let expected = TodoTxtEntry.asTodoPrints(
                    theirs, projects: ["listproj", "lsprj"].contains(step.verb), of: open)
                #expect(mine == expected, "\(step): todo printed\n\(mine)todo.sh printed\n\(theirs)")
            default: break
            }
            if ["do", "archive"].contains(step.verb) { renumbered = true }
        }
        #expect(patched == Set(Self.differences.map(\.word)), "known differences seen: \(patched)")
    }

    static func sorted(_ entries: [TodoTxtEntry]) -> [String] { entries.map(\.description).sorted() }

    /// The footers the same; the same todos shown; the lines the same, in order, where
    /// todo.sh's line is as todo writes it (`TodoTxtEntry.isAsTodoWrites`), with their numbers
    /// unless todo.sh has renumbered its lines.
    func compareListings(_ mine: String, _ theirs: String, _ step: Step, numbered: Bool) {
        func split(_ output: String) -> (lines: [(number: String, line: String)], footer: [String]) {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            let end = lines.firstIndex(of: "--") ?? lines.endIndex
            let body = lines[..<end].map { line in
                let number = line.prefix { $0.isNumber }
                return (String(number), String(line.dropFirst(number.count + 1)))
            }
            return (body, Array(lines[end...]))
        }
        let (todoLines, todoFooter) = split(mine)
        let (shLines, shFooter) = split(theirs)
        let message = "\(step): todo printed\n\(mine)todo.sh printed\n\(theirs)"
        #expect(todoFooter == shFooter && !shFooter.isEmpty, "\(message)")
        let name = { (line: (number: String, line: String)) in TodoTxtEntry(line.line).name }
        #expect(Set(todoLines.map(name)) == Set(shLines.map { Self.todoShEntry($0.line).entry.name }), "\(message)")
        // A completed todo's line is todo's own when it had a priority (pri:A).
        let todoOwn = Set(todoLines.filter { !TodoTxtEntry.isAsTodoWrites($0.line) }.map(name))
        let comparable = Set(
            shLines.filter { line in
                TodoTxtEntry.isAsTodoWrites(line.line) && !Self.differences.contains { line.line.contains($0.word) }
            }.map(name)
        ).subtracting(todoOwn)
        let shown = { (lines: [(number: String, line: String)]) in
            lines.filter { comparable.contains(name($0)) }.map { numbered ? "\($0.number) \($0.line)" : $0.line }
        }
        #expect(shown(todoLines) == shown(shLines), "\(message)")
        #expect(
            todoOwn.allSatisfy { todoName in todoLines.contains { name($0) == todoName && $0.line.hasPrefix("x ") } },
            "\(message)")
    }
}

/// A todo.txt line as both tools' todos are compared: todo.txt lets words stand in any order
/// and todo writes them in one, so the fields are read out and the name's words kept in order.
/// The differences `todo help todotxt` documents are normalised here and nowhere else: a
/// second `+project` is a context (todo writes it as `@word`), and a completed line has no
/// priority (todo.sh's `do` drops it; todo keeps it as `pri:A`).
struct TodoTxtEntry: Hashable, CustomStringConvertible {
    var done = false
    var completed: String?
    var created: String?
    var priority: String?
    var name: [String] = []
    var project: String?
    var contexts: Set<String> = []
    var due: String?
    var threshold: String?
    var recurrence: String?

    init(_ line: String) {
        var words = line.split(separator: " ").map(String.init)[...]
        if words.first == "x" {
            done = true
            words.removeFirst()
            if let first = words.first, Self.day(first) != nil { completed = words.removeFirst() }
        } else if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")") {
            priority = String(first.dropFirst().dropLast())
            words.removeFirst()
        }
        if let first = words.first, Self.day(first) != nil { created = words.removeFirst() }
        for word in words {
            if word.count > 1, word.first == "+" {
                if project == nil {
                    project = String(word.dropFirst())
                } else {
                    contexts.insert(String(word.dropFirst()))
                }
            } else if word.count > 1, word.first == "@" {
                contexts.insert(String(word.dropFirst()))
            } else if due == nil, let day = Self.value(word, "due:").flatMap(Self.day) {
                due = day
            } else if threshold == nil, let day = Self.value(word, "t:").flatMap(Self.day) {
                threshold = day
            } else if recurrence == nil, let rule = Self.value(word, "rec:"),
                rule.wholeMatch(of: /\+?[0-9]+[dwmyb]/) != nil
            {
                recurrence = rule
            } else if priority == nil, let letter = Self.value(word, "pri:"), letter.wholeMatch(of: /[A-Z]/) != nil {
                priority = letter
            } else {
                name.append(word)
            }
        }
        if done { priority = nil }
    }

    private static func value(_ word: String, _ key: String) -> String? {
        word.hasPrefix(key) ? String(word.dropFirst(key.count)) : nil
    }

    static func day(_ word: String) -> String? {
        word.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil ? word : nil
    }

    /// The line as todo writes it: `x` and the dates or the priority and the creation date,
    /// the name, the contexts, the project, `due:`, `t:`, `rec:`.
    var line: String {
        let start =
            done
            ? ["x"] + [completed, created].compactMap { $0 } : [priority.map { "(\($0))" }, created].compactMap { $0 }
        let fields =
            contexts.sorted().map { "@" + $0 }
            + [
                project.map { "+" + $0 }, due.map { "due:" + $0 }, threshold.map { "t:" + $0 },
                recurrence.map { "rec:" + $0 }
            ].compactMap { $0 }
        return (start + name + fields).joined(separator: " ")
    }

    /// Whether `line` is as todo writes it, so that todo's line for the todo can be the same.
    static func isAsTodoWrites(_ line: String) -> Bool { TodoTxtEntry(line).line == line }

    var description: String {
        """
        \(done ? "x \(completed ?? "-")" : "(\(priority ?? "-"))") \(created ?? "-") \(name.joined(separator: " ")) | \
        +\(project ?? "") @\(contexts.sorted()) due:\(due ?? "") t:\(threshold ?? "") rec:\(recurrence ?? "")
        """
    }

    /// What todo's `listproj` (or `listcon`) prints for todo.sh's, `printed`, over todo.sh's
    /// open `lines`: a second `+project` is todo's context.
    static func asTodoPrints(_ printed: String, projects: Bool, of lines: [String]) -> String {
        let entries = lines.map(TodoTxtEntry.init)
        var words = Set(printed.split(separator: "\n").map(String.init))
        if projects {
            words = words.filter { word in entries.contains { "+" + ($0.project ?? "") == word } }
        } else {
            words.formUnion(entries.flatMap { $0.contexts.map { "@" + $0 } })
        }
        return words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { $0 + "\n" }.joined()
    }
}
