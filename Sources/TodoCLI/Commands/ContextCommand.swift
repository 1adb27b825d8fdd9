import TodoCore
import TodoSync

/// `todo context [NAME | none | list | show | define NAME FILTER... | delete NAME]`:
/// Taskwarrior's contexts, kept in the config file as `context.NAME` (the filter) and
/// `context` (the one in force).
enum ContextCommand {
    /// The words that are no context's name.
    static let actions = ["list", "show", "define", "delete", ReportSettings.none]

    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let file = try context.configFile()
        let words = invocation.argument(.contextWords)
        switch invocation.argument(.contextAction) {
        case nil, "show":
            try expectNone(words, "show")
            return .output(show(try ReportSettings(invocation, file.snapshot(), context.environment), invocation))
        case "list":
            try expectNone(words, "list")
            let config = try file.snapshot()
            return .output(list(config.values, try ReportSettings(invocation, config, context.environment), invocation))
        case "define":
            guard let name = words.first, words.count >= 2 else {
                throw CommandError(
                    message: "'context define' needs a NAME and filter words: todo context define work +work",
                    status: ExitStatus.usage)
            }
            try checkName(name, allowingNone: false)
            let filter = Array(words.dropFirst())
            try checkFilter(filter, context)
            let write = try update(file) { $0[ReportSettings.key(ofContext: name)] = filter.joined(separator: " ") }
            return .configure(
                write,
                after: .output(
                    .info("Defined the context \(quoted(name)); use it with: todo context \(oneLine(name))\n")))
        case "delete":
            try expectNone(words.dropFirst(), "delete NAME")
            guard let name = words.first else {
                throw CommandError(
                    message: "'context delete' needs a NAME: todo context delete work", status: ExitStatus.usage)
            }
            guard try file.storedValues()[ReportSettings.key(ofContext: name)] != nil else {
                throw CommandError(message: "no context is named \(quoted(name)); see 'todo context list'")
            }
            let write = try update(file) { values in
                values[ReportSettings.key(ofContext: name)] = nil
                values[ReportSettings.key(ofContext: name) + ReportSettings.writeSuffix] = nil
                if values[ConfigKey.context.rawValue] == name { values[ConfigKey.context.rawValue] = nil }
            }
            return .configure(write, after: .output(.info("Deleted the context \(quoted(name))\n")))
        case ReportSettings.none:
            try expectNone(words, "none")
            let write = try update(file) { $0[ConfigKey.context.rawValue] = nil }
            return .configure(write, after: .output(.info("No context: reports show every todo\n")))
        case let name?:
            try expectNone(words, "NAME")
            guard let filter = try file.storedValues()[ReportSettings.key(ofContext: name)] else {
                throw CommandError(
                    message:
                        """
                        no context is named \(quoted(name)); define it with: todo context define \(oneLine(name)) \
                        FILTER...
                        """
                )
            }
            let write = try update(file) { $0[ConfigKey.context.rawValue] = name }
            return .configure(write, after: .output(.info("Context \(quoted(name)) in force: \(oneLine(filter))\n")))
        }
    }

    /// The names of the contexts `values` defines (`context.NAME`, not `context.NAME.write`), sorted.
    static func names(_ values: [String: String]) -> [String] {
        let prefix = ReportSettings.key(ofContext: "")
        return values.keys.filter { $0.hasPrefix(prefix) && !$0.hasSuffix(ReportSettings.writeSuffix) }
            .map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// A name is letters, digits, `-` and `_`, and none of `actions`.
    static func checkName(_ name: String, allowingNone: Bool) throws {
        if allowingNone, name == ReportSettings.none { return }
        guard !name.isEmpty, name.count <= 64,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            !actions.contains(name)
        else {
            throw CommandError(
                message:
                    """
                    \(quoted(name)) cannot name a context: use letters, digits, - and _, and none \
                    of \(actions.joined(separator: ", "))
                    """,
                status: ExitStatus.usage)
        }
    }

    /// Refuses filter words that do not read as a filter, or that filter nothing.
    static func checkFilter(_ words: [String], _ context: Context) throws {
        guard try FilterInput(words, literalFrom: nil, config: context.config(), context).terms != nil else {
            throw CommandError(
                message: "a context needs filter words: +TAG, project:NAME, …", status: ExitStatus.usage)
        }
    }

    /// Refuses write words that are not attribute words (`+TAG`, `project:NAME`, `due:DATE`).
    static func checkWrite(_ words: [String], _ context: Context) throws {
        guard !words.isEmpty else {
            throw CommandError(
                message: "a context's write words are attribute words: +TAG, project:NAME, …",
                status: ExitStatus.usage)
        }
        for word in words {
            let change = try? AttributeWords.change(word, removing: false, in: InputContext(dates: context.dateContext))
            guard let changes = change, !changes.isEmpty else {
                throw CommandError(
                    message:
                        """
                        a context's write words are attribute words (+TAG, project:NAME, due:DATE, \
                        …); \(quoted(word)) is none
                        """,
                    status: ExitStatus.usage)
            }
        }
    }

    /// Refuses `extra`, the words after those `context FORM` takes.
    private static func expectNone(_ extra: some Collection<String>, _ form: String) throws {
        if let word = extra.first {
            throw CommandError(
                message: "unexpected argument \(quoted(word)) for 'context \(form)'", status: ExitStatus.usage)
        }
    }

    /// The config file's settings as `change` leaves them, for the runner to write.
    private static func update(_ file: ConfigFile, _ change: (inout [String: String]) -> Void) throws -> ConfigWrite {
        var values = try file.read()
        change(&values)
        return ConfigWrite(file: file, values: values)
    }

    private static func show(_ settings: ReportSettings, _ invocation: Invocation) -> Output {
        if invocation.flag(.json) {
            return Output(
                stdout:
                    """
                    {\"context\": \(jsonOrNull(settings.context?.name)), \
                    \"filter\": \(jsonOrNull(settings.context?.words.joined(separator: " ")))}\n
                    """
            )
        }
        guard let (name, words, write) = settings.context else { return Output(stdout: "No context is in force.\n") }
        return Output(
            stdout:
                "\(oneLine(name)): \(oneLine(words.joined(separator: " ")))\(writes(write?.joined(separator: " ")))\n")
    }

    private static func jsonOrNull(_ text: String?) -> String { text.map(json) ?? "null" }

    /// `  (adds: +work project:acme)` for a context with write words.
    private static func writes(_ words: String?) -> String {
        words.map { "  (adds: \(oneLine($0)))" } ?? ""
    }

    private static func list(_ values: [String: String], _ settings: ReportSettings, _ invocation: Invocation) -> Output
    {
        let defined = names(values).map { ($0, values[ReportSettings.key(ofContext: $0)] ?? "") }
        if invocation.flag(.json) {
            let items = defined.map { name, filter in
                "{\"name\": \(json(name)), \"filter\": \(json(filter)), \"active\": \(name == settings.context?.name)}"
            }
            return Output(stdout: "[" + items.joined(separator: ", ") + "]\n")
        }
        if defined.isEmpty { return .info("No contexts yet. Define one with: todo context define NAME FILTER...\n") }
        let width = defined.map { oneLine($0.0).count }.max() ?? 0
        var output = Output()
        for (name, filter) in defined {
            let shown = oneLine(name)
            let mark = name == settings.context?.name ? "  (in force)" : ""
            let write = writes(values[ReportSettings.key(ofContext: name) + ReportSettings.writeSuffix])
            output.line(
                "\(shown)\(String(repeating: " ", count: width - shown.count))  \(oneLine(filter))\(write)\(mark)")
        }
        return output
    }
}
