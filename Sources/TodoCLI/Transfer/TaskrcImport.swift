import Foundation
import TodoCore
import TodoStore
import TodoSync

/// `todo import --from taskrc [PATH]`: the settings of a Taskwarrior `.taskrc` (and the files
/// it includes) that todo's config takes, written there (urgency's and colour rules under the
/// same keys); every other one named on stderr.
/// Running it again writes the same values: nothing changes.
enum TaskrcImport {
    /// Its name after `--from`.
    static let format = "taskrc"

    /// One `key=value` line, and where it was read.
    struct Line {
        var key: String
        var value: String
        var place: String
    }

    /// Words in a key that make its value a secret (`sync.encryption_secret`,
    /// `taskd.credentials`): never printed.
    static let secretWords = ["secret", "password", "credentials", "token"]

    /// `key=value` as the notes print it: a secret's value as `***`.
    static func shown(_ key: String, _ value: String) -> String {
        let secret = secretWords.contains { key.lowercased().contains($0) }
        return "\(oneLine(key))=\(secret ? "***" : oneLine(value))"
    }

    /// What todo makes of one Taskwarrior setting.
    enum Reading: Equatable {
        /// Kept under todo's `key`, with `value`.
        case setting(key: String, value: String)
        /// Read for what it says of another (data.location, for where hooks are).
        case used
        /// todo has nothing that holds it; why, for the note.
        case notCarried(String)
        /// Kept, but not all of it: what was left out, for the note (a report's columns).
        case partly(key: String, value: String, note: String)
    }

    /// The lines of `path` and the files it includes (relative to its folder, `~` for `home`),
    /// in order; includes nest at most 10 deep.
    static func lines(_ path: String, home: String, depth: Int = 0) throws -> [Line] {
        guard depth < 10 else { throw CommandError(message: "\(path): includes nest more than 10 deep") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError(message: "cannot read \(path)")
        }
        var found: [Line] = []
        for (index, raw) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let text = (raw.firstIndex(of: "#").map { raw[..<$0] } ?? raw).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let place = "\(path):\(index + 1)"
            if text.hasPrefix("include ") {
                let target = expanded(
                    String(text.dropFirst(8)).trimmingCharacters(in: .whitespaces), home: home,
                    relativeTo: PathText.directory(of: path))
                found += try lines(target, home: home, depth: depth + 1)
                continue
            }
            guard let equals = text.firstIndex(of: "=") else {
                throw CommandError(message: "\(place): not KEY=VALUE or include FILE: \(oneLine(text))")
            }
            found.append(
                Line(
                    key: text[..<equals].trimmingCharacters(in: .whitespaces),
                    value: text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces), place: place))
        }
        return found
    }

    /// `~/x` under `home`, a relative path under `folder`.
    static func expanded(_ path: String, home: String, relativeTo folder: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// What todo makes of the setting `key` = `value`; `home` expands `~` in paths.
    static func reading(_ key: String, _ value: String, home: String) -> Reading {
        switch key {
        case "hooks.location":
            return .setting(key: ConfigKey.hooksLocation.rawValue, value: expanded(value, home: home, relativeTo: home))
        case "hooks":
            return .setting(key: ConfigKey.hooks.rawValue, value: OnOff.read(value).map { $0 ? "on" : "off" } ?? value)
        case "due": return .setting(key: ConfigKey.dueDays.rawValue, value: value)
        case "weekstart": return .setting(key: ConfigKey.weekStart.rawValue, value: value)
        case "default.command": return .setting(key: ConfigKey.defaultCommand.rawValue, value: value)
        case ConfigKey.searchCaseSensitive.rawValue:
            return .setting(key: key, value: OnOff.read(value).map { $0 ? "on" : "off" } ?? value)
        case "context": return .setting(key: ConfigKey.context.rawValue, value: value)
        case "data.location": return .used
        case ConfigKey.color.rawValue:
            return .setting(key: key, value: OnOff.read(value).map { $0 ? "on" : "off" } ?? value)
        case ConfigKey.colorPrecedence.rawValue, ConfigKey.colorMerge.rawValue: return .setting(key: key, value: value)
        // Taskwarrior 3's TaskChampion sync (3.0 named the URL sync.server.origin).
        case ConfigKey.syncServerURL.rawValue, "sync.server.origin":
            return .setting(key: ConfigKey.syncServerURL.rawValue, value: value)
        case ConfigKey.syncClientID.rawValue, ConfigKey.syncEncryptionSecret.rawValue:
            return .setting(key: key, value: value)
        default: break
        }
        if key.hasPrefix(ColourRule.prefix) {
            return ColourRule.parse(key) == nil
                ? .notCarried("todo colours the rows of its lists and reports by rules, nothing else")
                : .setting(key: key, value: value)
        }
        if key.hasPrefix("uda.") { return .setting(key: key, value: value) }
        if key.hasPrefix(UrgencySetting.prefix) {
            if key == "urgency.inherit" {
                return .notCarried("todo's urgency inherits nothing from the todos a todo blocks")
            }
            return UrgencySetting.parse(key) == nil
                ? .notCarried("Taskwarrior 2.6 reads no such urgency setting") : .setting(key: key, value: value)
        }
        if key.hasPrefix("report.") { return report(key, value) }
        if key.hasPrefix("context.") {
            return .setting(key: key.hasSuffix(".read") ? String(key.dropLast(5)) : key, value: value)
        }
        if key.hasPrefix("sync.") || key.hasPrefix("taskd.") {
            return .notCarried(
                """
                todo syncs with todo-server or a TaskChampion server (sync.server.url), not with Taskwarrior 2's taskd \
                or cloud storage
                """
            )
        }
        return .notCarried("todo has no such setting")
    }

    /// The settings todo takes from `lines`, checked (`check` throws why a value is refused),
    /// and a note for each it does not; hooks.location from data.location's hooks folder when
    /// the file names none and that folder holds a script.
    static func settings(_ lines: [Line], home: String, check: (String, String) throws -> Void) -> (
        settings: [(String, String)], notes: [String], left: Int
    ) {
        var settings: [(String, String)] = []
        var left: [(Line, String)] = []
        var data = home + "/.task"
        func keep(_ key: String, _ value: String, of line: Line) {
            do {
                try check(key, value)
                settings.removeAll { $0.0 == key }
                settings.append((key, value))
            } catch {
                left.append((line, oneLine(explain(error).0)))
            }
        }
        for line in lines {
            switch reading(line.key, line.value, home: home) {
            case .setting(let key, let value): keep(key, labelsOfColumnsKept(key, value, lines), of: line)
            case .used: data = expanded(line.value, home: home, relativeTo: home)
            case .notCarried(let why): left.append((line, why))
            case .partly(let key, let value, let note):
                keep(key, value, of: line)
                left.append((line, note))
            }
        }
        let hooks = data + "/hooks"
        if !settings.contains(where: { $0.0 == ConfigKey.hooksLocation.rawValue }),
            HookScript.scan(hooks).contains(where: \.runs)
        {
            keep(
                ConfigKey.hooksLocation.rawValue, hooks,
                of: Line(key: "data.location", value: data, place: "its hooks folder"))
        }
        return (settings, notes(left), left.count)
    }

    /// A note for each setting left out; many from one included file for one reason (a
    /// colour theme) make one note that counts them by their first word.
    private static func notes(_ left: [(Line, String)]) -> [String] {
        func file(_ line: Line) -> String {
            String(line.place[..<(line.place.lastIndex(of: ":") ?? line.place.endIndex)])
        }
        var groups: [(file: String, why: String, lines: [Line])] = []
        for (line, why) in left {
            if let index = groups.firstIndex(where: { $0.file == file(line) && $0.why == why }) {
                groups[index].lines.append(line)
            } else {
                groups.append((file(line), why, [line]))
            }
        }
        return groups.flatMap { group -> [String] in
            guard group.lines.count > 5 else {
                return group.lines.map {
                    "not carried: \(shown($0.key, $0.value)) (\(oneLine($0.place))): \(group.why)"
                }
            }
            var counts: [(String, Int)] = []
            for line in group.lines {
                let word = String(line.key.prefix { $0 != "." }) + ".*"
                if let index = counts.firstIndex(where: { $0.0 == word }) {
                    counts[index].1 += 1
                } else {
                    counts.append((word, 1))
                }
            }
            let kinds = counts.map { "\(oneLine($0.0)) (\($0.1))" }.joined(separator: ", ")
            return ["not carried: \(group.lines.count) settings of \(oneLine(group.file)), \(kinds): \(group.why)"]
        }
    }
}

extension TaskrcImport {
    /// A `report.NAME.PART` setting: kept when todo's reports have the part, its columns
    /// those todo can show (a format it has not as the column's own, one it has not left out).
    static func report(_ key: String, _ value: String) -> Reading {
        guard let part = NamedReport.part(ofKey: key)?.part else {
            return .notCarried("todo's reports have no such setting")
        }
        guard part == .columns else { return .setting(key: key, value: value) }
        let (kept, notes, _) = columns(value)
        guard !notes.isEmpty else { return .setting(key: key, value: value) }
        return .partly(
            key: key, value: kept.joined(separator: ","),
            note: notes.joined(separator: "; ") + "; the other columns are kept")
    }

    /// Of Taskwarrior's `columns`, those todo shows (a format it has not replaced by the
    /// column's own), what was changed, and where the ones left out were.
    static func columns(_ value: String) -> (kept: [String], notes: [String], dropped: [Int]) {
        var kept: [String] = []
        var notes: [String] = []
        var dropped: [Int] = []
        for (index, column) in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).enumerated()
        {
            let base = String(column.prefix { $0 != "." })
            guard let attribute = DOMReference.field(named: base, declared: { _ in true }),
                let formats = ReportColumn.formats(attribute)
            else {
                notes.append("todo has no column \(oneLine(column)), left out")
                dropped.append(index)
                continue
            }
            let format = column.contains(".") ? String(column.drop { $0 != "." }.dropFirst()) : nil
            if let format, !formats.contains(where: { $0.rawValue == format }) {
                notes.append("\(oneLine(column)) is shown as \(base)")
                kept.append(base)
            } else {
                kept.append(column)
            }
        }
        return (kept, notes, dropped)
    }

    /// A report's labels without those of the columns left out (`columns`), as `lines` give them.
    static func labelsOfColumnsKept(_ key: String, _ value: String, _ lines: [Line]) -> String {
        guard let (name, part) = NamedReport.part(ofKey: key).map({ ($0.name, $0.part) }), part == .labels,
            let given = lines.last(where: { $0.key == ReportPart.columns.key(name) })
        else { return value }
        let dropped = Set(columns(given.value).dropped)
        return value.split(separator: ",", omittingEmptySubsequences: false).enumerated().filter {
            !dropped.contains($0.offset)
        }.map { String($0.element) }
            .joined(separator: ",")
    }
}
