import TodoCore

/// The screen of `todo ui` as lines, from the model alone: the status line, the list (or the
/// details, the help), the message or prompt line, and the keys. Each line fits the model's
/// width by display width; there are never more lines than its height. Text from todos and
/// from the user is escaped (`oneLine`), so nothing reaches the terminal as a command.
enum UIScreen {
    static func lines(_ model: UIModel, style: Style = .plain) -> [String] {
        let width = model.width
        var lines = [bar(status(model), width: width, style: style)]
        let room = model.listHeight
        var body: [String]
        switch model.mode {
        case .details(let details, let top):
            body = details.dropFirst(top).prefix(room).map { truncate($0, toWidth: width) }
        case .help:
            body = help.prefix(room).map { truncate($0, toWidth: width) }
        case .list, .prompt, .confirm:
            body = rows(model, style: style)
        }
        body += Array(repeating: "", count: max(0, room - body.count))
        lines += body
        lines.append(bottom(model, style: style))
        lines.append(bar(keys(model.mode), width: width, style: style))
        return Array(lines.prefix(model.height))
    }

    /// The todos on screen, as `todo list` draws them (`table`), after a column that marks
    /// the selected one with `>` (and, in colour, in reverse).
    static func rows(_ model: UIModel, style: Style) -> [String] {
        guard !model.todos.isEmpty else {
            let empty =
                model.counts.total == 0
                ? "No todos yet: a adds one." : "No todo here: Tab shows another view, / another filter."
            return [truncate(empty, toWidth: model.width)]
        }
        let end = min(model.todos.count, model.top + model.listHeight)
        let shown = Array(model.todos[model.top..<end])
        let dates = DateContext(now: model.now, timeZone: model.timeZone)
        let room = max(1, model.width - 2)
        // Numbers as wide as the widest in the list, so that the columns keep still as it scrolls.
        let pad = String(
            repeating: " ", count: max(0, model.numberWidth - String(shown.lazy.map(\.id).max() ?? 0).count))
        func drawn(_ style: Style) -> [String] {
            let text = table(
                shown, width: max(1, room - pad.count), style: style, dates: dates, marksUnsynced: model.syncConfigured)
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { pad + $0 }
        }
        let lines = drawn(style)
        return lines.indices.map { index in
            // A plain row is cut again: below 10 columns the table keeps 8 for the name.
            let mark = model.top + index == model.selection ? "> " : "  "
            guard style.enabled else { return truncate(mark + lines[index], toWidth: model.width) }
            return mark == "  " ? mark + lines[index] : style.reverse(mark + drawn(.plain)[index])
        }
    }

    /// `active · /+home · context work · 3 of 10 todos: 2 active, 1 completed · 2 not synced`
    static func status(_ model: UIModel) -> String {
        var parts = ["todo ui: \(model.view.rawValue)"]
        if !model.filter.isEmpty { parts.append("/" + oneLine(model.filter.joined(separator: " "))) }
        if let context = model.context { parts.append("context " + oneLine(context)) }
        let counts = model.counts
        parts.append("\(model.todos.count) of \(counts.total): \(counts.active) active, \(counts.completed) completed")
        if model.syncConfigured { parts.append(counts.unsynced == 0 ? "synced" : "\(counts.unsynced) not synced") }
        if counts.conflicted > 0 { parts.append("\(counts.conflicted) in conflict") }
        return parts.joined(separator: " · ")
    }

    /// The message, the prompt being typed, or the question asked.
    static func bottom(_ model: UIModel, style: Style) -> String {
        let text: String
        switch model.mode {
        case .prompt(let prompt, let typed):
            let label =
                switch prompt {
                case .add: "add: "
                case .modify: "modify: "
                case .filter: "filter: "
                case .context: "context (none ends it): "
                }
            // The end of what is typed, when it is longer than the line.
            let shown = oneLine(typed) + "_"
            let room = max(1, model.width - displayWidth(label))
            return truncate(
                label + (displayWidth(shown) <= room ? shown : "…" + suffix(shown, width: room - 1)),
                toWidth: model.width)
        case .confirm(let uuid):
            let name = model.todos.first { $0.uuid == uuid }.map(label) ?? "this todo"
            text = "Delete \(name)? y deletes, any other key keeps it"
        case .list, .details, .help:
            text = model.message.map(oneLine) ?? ""
        }
        return truncate(text, toWidth: model.width)
    }

    /// The last `width` columns of `text`.
    private static func suffix(_ text: String, width: Int) -> String {
        var result = ""
        for character in text.reversed() {
            guard displayWidth(String(character)) + displayWidth(result) <= width else { break }
            result.insert(character, at: result.startIndex)
        }
        return result
    }

    /// The keys that matter most in this mode, the way out first; `?` lists them all.
    static func keys(_ mode: UIModel.Mode) -> String {
        switch mode {
        case .list: "q quit  ? keys  j/k move  a add  d done  x delete  Enter show  Tab view  / filter"
        case .details: "Esc back  j/k scroll"
        case .prompt: "Enter accept  Esc cancel"
        case .confirm: "y delete  any other key keeps it"
        case .help: "any key back"
        }
    }

    /// Every key, for `?`.
    static let help = [
        "j k ↓ ↑     move down, up",
        "PgDn PgUp   a screen down, up (Space too)",
        "g G         first, last",
        "Tab         view: active, completed, all",
        "Enter       every field (todo show); Esc back",
        "a           add: name and attribute words",
        "m           modify with attribute words",
        "e           edit in $EDITOR (todo edit)",
        "d           done, or reopen",
        "s           start, or stop",
        "x           delete (asks first)",
        "u           undo the last change",
        "/           filter words (todo list's); Esc clears",
        "c           context: a name, or none",
        "S           sync",
        "q           quit"
    ]

    /// A bar line, the status or the keys: reversed across the whole width in colour.
    private static func bar(_ text: String, width: Int, style: Style) -> String {
        let fitted = truncate(text, toWidth: width)
        guard style.enabled else { return fitted }
        return style.reverse(fitted + String(repeating: " ", count: max(0, width - displayWidth(fitted))))
    }
}
