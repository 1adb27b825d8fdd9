import TodoCore
import TodoSync

/// The parts of a report the config sets, as Taskwarrior's `report.NAME.PART`: each replaces
/// that part of a default report (`NamedReport.all`, `list`), or makes a report of its own.
enum ReportPart: String, CaseIterable {
    case columns, labels, filter, sort, description, context

    /// What it holds, for help.
    var help: String {
        switch self {
        case .columns: "comma-separated columns: \(ReportColumn.names)"
        case .labels: "their headings, comma-separated, one a column"
        case .filter:
            "filter terms, replacing the report's own filter and status (status:completed lists completed todos)"
        case .sort: "the order, as Taskwarrior writes it (due+,urgency-) or as --sort does (due,-urgency)"
        case .description: "what 'todo reports' says of it"
        case .context: "0 or 1: whether the context in force narrows it (1 unless set)"
        }
    }

    /// `todo config`'s key of this part of report `name`.
    func key(_ name: String) -> String { "report.\(name).\(rawValue)" }
}

extension NamedReport {
    /// The report and part `key` names (`report.standup.columns`); nil for no report key.
    static func part(ofKey key: String) -> (name: String, part: ReportPart)? {
        guard key.hasPrefix("report."), let dot = key.lastIndex(of: "."),
            let part = ReportPart(rawValue: String(key[key.index(after: dot)...]))
        else { return nil }
        let name = String(key.dropFirst("report.".count)[..<dot])
        return name.isEmpty ? nil : (name, part)
    }

    /// The reports the config defines that the command table does not have, sorted.
    static func configuredNames(_ values: [String: String]) -> [String] {
        Set(values.keys.compactMap { part(ofKey: $0)?.name }).filter { CommandTable.command(named: $0) == nil }.sorted()
    }

    /// The report `name` as the config leaves it: the table's (or list's, or an empty one for
    /// a name only the config knows), each part the config sets in place of its own; nil
    /// when neither has it. A value the config holds that does not read is an error.
    static func named(_ name: String, config: ConfigValues?) throws -> NamedReport? {
        let values = config?.values ?? [:]
        let set = ReportPart.allCases.compactMap { part in values[part.key(name)].map { (part, $0) } }
        guard
            var report = (all + own).first(where: { $0.name == name })
                ?? (set.isEmpty ? nil : NamedReport(name: name, summary: "Your report \(name)"))
        else { return nil }
        for (part, value) in set {
            do {
                try report.set(part, value)
            } catch let error as CommandError {
                throw CommandError(
                    message: "config file \(config?.path ?? ""): \(part.key(name)): \(error.message)",
                    status: ExitStatus.usage)
            }
        }
        return report
    }

    /// Sets `part` to `value`, as the config writes it; refuses a value that does not read.
    mutating func set(_ part: ReportPart, _ value: String) throws {
        func list() -> [String] { value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        switch part {
        case .columns: columns = list()
        case .labels: labels = list()
        case .filter:
            // One argument in parentheses: read as one group, as Taskwarrior's (REPORT FILTER) and (YOUR FILTER).
            terms = ReportSettings.words(value).isEmpty ? [] : ["(\(value))"]
            status = nil
        case .sort: sort = try Self.sortText(value)
        case .description: summary = value
        case .context:
            guard
                let uses = [
                    "0": false, "1": true, "no": false, "yes": true, "off": false, "on": true, "false": false,
                    "true": true
                ][value.lowercased()]
            else {
                throw CommandError(message: "must be 0 or 1, not \(quoted(value))", status: ExitStatus.usage)
            }
            usesContext = uses
        }
    }

    /// Its columns and headings, or nil for list's table; `udas` gives the declared attributes.
    func layout(udas: () throws -> UDASchema) throws -> ReportLayout? {
        guard let columns else { return nil }
        let schema = columns.contains { UDA.isName(String($0.prefix { $0 != "." })) } ? try udas() : .none
        let read = try columns.map { try ReportColumn($0, udas: schema) }
        guard !read.isEmpty else {
            throw CommandError(message: "report \(name) has no columns", status: ExitStatus.usage)
        }
        if let labels, labels.count != read.count {
            throw CommandError(
                message: "report \(name) has \(read.count) columns but \(labels.count) labels: give one label a column",
                status: ExitStatus.usage)
        }
        return ReportLayout(columns: read, labels: labels ?? read.map { $0.defaultLabel(schema) })
    }

    /// `--sort`'s text for Taskwarrior's `due+,urgency-` (or `--sort`'s own `due,-urgency`):
    /// its attribute names as todo's keys (`entry` is `created`, `description` `name`), the
    /// direction after a key as a sign before it; Taskwarrior's `/` (a break) is dropped.
    static func sortText(_ text: String) throws -> String {
        let keys = ["entry": "created", "description": "name"]
        let parts = try text.split(separator: ",").map { word -> String in
            var key = word.trimmingCharacters(in: .whitespaces)
            if key.hasSuffix("/") { key.removeLast() }
            var sign = ""
            if let last = key.last, last == "+" || last == "-" { sign = String(key.removeLast()) }
            if sign.isEmpty, let first = key.first, first == "+" || first == "-" { sign = String(key.removeFirst()) }
            guard !key.isEmpty else {
                throw CommandError(
                    message: "\(quoted(text)) is no order: write keys such as due+,urgency-", status: ExitStatus.usage)
            }
            return sign + (keys[key] ?? key)
        }
        guard !parts.isEmpty else {
            throw CommandError(message: "an order needs a key: due+,urgency-", status: ExitStatus.usage)
        }
        return parts.joined(separator: ",")
    }

    /// Refuses the config setting `key` = `value` (`report.NAME.PART`) when it cannot make a
    /// report: a name that is a command of todo's other than a report, a column, order or
    /// filter that does not read. `values` are the settings as they would be (those of an
    /// import so far, where attributes it declares count); empty for the config's own.
    static func check(_ key: String, _ value: String, among values: [String: String], _ context: Context) throws {
        guard let found = part(ofKey: key) else {
            throw CommandError(
                message:
                    """
                    \(quoted(key)) is no report setting: write \
                    report.NAME.\(ReportPart.allCases.map(\.rawValue).joined(separator: "|"))
                    """,
                status: ExitStatus.usage)
        }
        let (name, part) = (found.name, found.part)
        guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        else {
            throw CommandError(
                message: "\(quoted(found.name)) is no report name: a letter, then letters, digits, _ or -",
                status: ExitStatus.usage)
        }
        if let command = CommandTable.command(named: name), !(all + own).contains(where: { $0.name == command.name }) {
            throw CommandError(
                message: "\(quoted(name)) is a command of todo's, not a report: choose another name",
                status: ExitStatus.usage)
        }
        var report = NamedReport(name: name, summary: "")
        try report.set(part, value)
        let config = values.isEmpty ? try context.config() : ConfigValues(path: "", values: values)
        switch part {
        case .columns: _ = try report.layout(udas: { try config?.udaSchema() ?? .none })
        case .sort:
            do { _ = try TodoSort(parsing: report.sort ?? "", udas: try config?.udaSchema() ?? .none) } catch let error
                as SortError
            {
                throw CommandError(message: "\(error)", status: ExitStatus.usage)
            }
        case .filter: _ = try FilterInput(report.terms, literalFrom: nil, config: config, context)
        case .labels, .description, .context: break
        }
    }
}

/// `todo reports`: every report, todo's (as the config leaves them) and the config's own.
enum ReportsCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let config = try context.config()
        let names = (NamedReport.own + NamedReport.all).map(\.name) + NamedReport.configuredNames(config?.values ?? [:])
        var rows: [[String]] = []
        for name in names {
            guard let report = try NamedReport.named(name, config: config) else { continue }
            rows.append([name, oneLine(report.summary)])
        }
        if invocation.flag(.json) {
            return .output(
                Output(
                    stdout: "["
                        + rows.map { "{\"name\":\(json($0[0])),\"description\":\(json($0[1]))}" }.joined(separator: ",")
                        + "]\n"))
        }
        let width = rows.map { displayWidth($0[0]) }.max() ?? 0
        return .output(
            Output(
                stdout: Drawing.trimmed(rows.map { Drawing.left($0[0], width) + "  " + $0[1] })
                    + "\(rows.count) reports\n"))
    }
}
