import Foundation
import TodoCore
import TodoICalMapping
import TodoSync

/// `todo import [--from FORMAT] FILE|-`: reads and checks the whole file first, then merges
/// it by UUID in one `.importTodos` action (one lock, one save, one step for undo). A
/// Taskwarrior task todo cannot hold is skipped and named on stderr (with `--strict`, an
/// error: nothing imported), and each user-defined attribute kept gets a note there.
enum ImportCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        if invocation.value(.from) == TaskrcImport.format { return try settingsPlan(invocation, context) }
        guard let file = invocation.argument(.importFile) else {
            throw CommandError(message: "import needs a FILE to read, or '-' for stdin", status: ExitStatus.usage)
        }
        let from = TransferFormat(rawValue: invocation.value(.from) ?? "") ?? .todo
        let bytes: [UInt8]
        if file == "-" {
            bytes = context.readStdin()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: file)
            else { throw CommandError(message: "cannot read \(file): no such file, or not a readable file") }
            bytes = [UInt8](data)
        }
        let now = context.now()
        let read: TaskwarriorImport
        var notes: [String] = []
        do {
            switch from {
            case .taskwarrior:
                read = try TaskwarriorFormat.read(
                    bytes, in: DateContext(now: now, timeZone: context.timeZone), strict: invocation.flag(.strict))
            case .todotxt:
                read = TaskwarriorImport(
                    todos: try TodoTxtFormat.parse(String(decoding: bytes, as: UTF8.self), now: now), skipped: [])
            case .todo:
                read = TaskwarriorImport(
                    todos: try TodoExportFormat.parse(bytes, path: file == "-" ? nil : file), skipped: [])
            case .ical:
                (read, notes) = try ICalFormat.read(bytes, in: DateContext(now: now, timeZone: context.timeZone))
            }
        } catch {
            throw CommandError(
                message:
                    """
                    cannot import \(file == "-" ? "stdin" : file) as \(from.rawValue): \(error.message); nothing \
                    imported
                    """
            )
        }
        let imported = read.todos
        let (declaring, undeclared) = declaration(read.udaValues, context)
        let change = Plan.change(actions: { state in
            imported.isEmpty
                ? []
                : [.importTodos(from == .ical ? ICalFormat.knownDependencies(imported, in: state) : imported, at: now)]
        }) { change in
            var output = render(change, read, invocation)
            output.stderr = (read.skipped.map(\.line) + notes + undeclared).map { $0 + "\n" }.joined()
            return output
        }
        // The attributes are declared once the todos are imported; their notes come last.
        return declaring.map { .configure($0, after: change) } ?? change
    }

    /// `--from taskrc [PATH]`: the settings of a .taskrc (default ~/.taskrc) todo's config
    /// takes, written there; a note on stderr for each other one.
    private static func settingsPlan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        guard let home = context.environment["HOME"], !home.isEmpty else {
            throw CommandError(message: "cannot tell where ~/.taskrc is: set HOME, or name the file")
        }
        let path =
            invocation.argument(.importFile).map {
                TaskrcImport.expanded($0, home: home, relativeTo: FileManager.default.currentDirectoryPath)
            }
            ?? home + "/.taskrc"
        let file = try context.configFile()
        var values = try file.read()
        let (settings, notes, left) = TaskrcImport.settings(try TaskrcImport.lines(path, home: home), home: home) {
            key, value in
            try ConfigCommand.validate(key, value, among: values.merging([key: value]) { $1 }, context)
            values[key] = value
        }
        var output = Output(stderr: notes.map { $0 + "\n" }.joined())
        let kept = settings.map { TaskrcImport.shown($0.0, $0.1) }.joined(separator: ", ")
        output.info =
            """
            Imported \(settings.count) setting\(settings.count == 1 ? "" : "s") \
            from \(oneLine(path))\(settings.isEmpty ? "" : ": " + kept)
            """
            + "; \(left) not carried\(left == 0 ? "" : " (named on stderr)").\n"
        return .configure(ConfigWrite(file: file, values: values), after: .output(output))
    }

    /// Declares in the config each user-defined attribute the imported todos keep that it does
    /// not declare yet, with the type its values suggest; a note for each attribute kept.
    static func declare(_ values: [String: [String]], _ context: Context) -> [String] {
        let (write, notes) = declaration(values, context)
        // (`declaration` gives `unwritten`: a failed write is notes, never thrown.)
        return write.map { (try? $0.perform()) ?? [] } ?? notes
    }

    /// What `declare` writes, with its notes (and theirs should the write fail); or, when the
    /// config cannot be read, no write and the notes that say so.
    static func declaration(_ values: [String: [String]], _ context: Context) -> (write: ConfigWrite?, notes: [String])
    {
        guard !values.isEmpty else { return (nil, []) }
        func unwritten(_ error: Error) -> [String] {
            values.keys.sorted().map { "note: kept user-defined attribute '\($0)' on \(values[$0]?.count ?? 0) todos" }
                + ["note: could not declare them in the config: \(explain(error).0)"]
        }
        let file: ConfigFile
        var settings: [String: String]
        do {
            file = try context.configFile()
            settings = try file.read()
        } catch {
            return (nil, unwritten(error))
        }
        var notes: [String] = []
        for (name, kept) in values.sorted(by: { $0.key < $1.key }) {
            let on = "on \(kept.count) todo\(kept.count == 1 ? "" : "s")"
            if let type = settings["uda.\(name).type"] {
                notes.append("note: kept user-defined attribute '\(name)' (\(type)) \(on)")
            } else {
                let type = UDAType.inferred(from: kept)
                settings["uda.\(name).type"] = type.rawValue
                notes.append(
                    """
                    note: kept user-defined attribute '\(name)' \(on), declared as \(type.rawValue) ('todo config \
                    uda.\(name).type TYPE' changes it)
                    """
                )
            }
        }
        return (ConfigWrite(file: file, values: settings, notes: notes, unwritten: unwritten), [])
    }

    private static func render(_ change: Change, _ read: TaskwarriorImport, _ invocation: Invocation) -> Output {
        let imported = read.todos
        var before: [UUID: Todo] = [:]
        for todo in change.before.todos { before[todo.uuid] = todo }
        let uuids = Set(imported.map(\.uuid))
        let touched = change.after.todos.filter { uuids.contains($0.uuid) && before[$0.uuid] != $0 }
        let added = touched.filter { before[$0.uuid] == nil }
        let updated = touched.filter { before[$0.uuid] != nil }
        let unchanged = uuids.count - touched.count
        let skipped = read.counts
        if invocation.flag(.json) {
            let counts =
                """
                {\"deleted\": \(skipped.deleted), \"templates\": \(skipped.templates), \"invalid\": \(skipped.invalid)}
                """
            return Output(
                stdout:
                    """
                    {\"added\": \(json(added).dropLast()),\n \"updated\": \(json(updated).dropLast()),\n\
                     \"unchanged\": \(unchanged),\n \"skipped\": \(counts)}\n
                    """
            )
        }
        return .info(
            """
            Imported \(uuids.count) todo\(uuids.count == 1 ? "" : "s"): \(added.count) added, \(updated.count) \
            updated, \(unchanged) unchanged\(summary(skipped)).\n
            """
        )
    }

    /// `, 3 skipped (1 deleted, 1 template merged into a series, 1 invalid)`; nothing when none was.
    static func summary(_ skipped: (deleted: Int, templates: Int, invalid: Int)) -> String {
        let total = skipped.deleted + skipped.templates + skipped.invalid
        guard total > 0 else { return "" }
        let templates = "\(skipped.templates) template\(skipped.templates == 1 ? "" : "s") merged into a series"
        return ", \(total) skipped (\(skipped.deleted) deleted, \(templates), \(skipped.invalid) invalid)"
    }
}
