import TodoCore

/// ANSI colour, used modestly: bold numbers and dim completed todos in the list, red errors;
/// and the rows the config's colour rules colour (`ColourRules`).
///
/// `--color never`, `NO_COLOR` (set and not empty) or the setting `color=off` turn it off,
/// `--color always` turns it on (over NO_COLOR and color=off: the command line is the more
/// specific wish); otherwise it is on only when the stream is a terminal and TERM is not "dumb".
struct Style {
    var enabled: Bool

    static let plain = Style(enabled: false)

    init(enabled: Bool) { self.enabled = enabled }

    /// `allowed`: whether the config leaves colour on (`color`), read only when it matters.
    init(when: String?, isTerminal: Bool, environment: [String: String], allowed: @autoclosure () -> Bool = true) {
        switch when ?? "auto" {
        case "always": enabled = true
        case "never": enabled = false
        default:
            enabled =
                isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && allowed()
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func reverse(_ text: String) -> String { wrap(text, "7") }

    /// `text` in the SGR colour `code` (`1;33`), or as it is without one.
    func ansi(_ text: String, _ code: String?) -> String { code.map { wrap(text, $0) } ?? text }

    /// `text` in `colour`, as Taskwarrior draws a row: its escape codes, the text, a reset.
    func paint(_ text: String, _ colour: TerminalColour) -> String {
        enabled && !text.isEmpty && colour.isVisible ? colour.escape + text + TerminalColour.reset : text
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Context {
    func stdoutStyle(_ invocation: Invocation) -> Style {
        Style(
            when: invocation.value(.color), isTerminal: stdoutIsTerminal, environment: environment,
            allowed: colourAllowed)
    }

    /// Whether the config leaves colour on (`color`, Taskwarrior's; on unless it says off).
    var colourAllowed: Bool { (try? config())??.colourAllowed ?? true }
}
