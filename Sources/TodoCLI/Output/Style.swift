/// ANSI colour, used modestly: bold numbers and dim completed todos in the list, red errors.
///
/// `--color never` or `NO_COLOR` (set and not empty) turn it off, `--color always` turns it on
/// (over NO_COLOR: the command line is the more specific wish); otherwise it is on only when
/// the stream is a terminal and TERM is not "dumb".
struct Style {
    var enabled: Bool

    static let plain = Style(enabled: false)

    init(enabled: Bool) { self.enabled = enabled }

    init(when: String?, isTerminal: Bool, environment: [String: String]) {
        switch when ?? "auto" {
        case "always": enabled = true
        case "never": enabled = false
        default:
            enabled = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
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

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Context {
    func stdoutStyle(_ invocation: Invocation) -> Style {
        Style(when: invocation.value(.color), isTerminal: stdoutIsTerminal, environment: environment)
    }
}
