/// A setting that is on or off, in the words Taskwarrior's `.taskrc` takes for them.
public enum OnOff {
    public static let rule = "must be on or off (also yes/no, true/false, 1/0)"

    /// `on`, `off` and the other words for them, in any case; nil for any other word.
    public static func read(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "yes", "true", "1", "y": true
        case "off", "no", "false", "0", "n": false
        default: nil
        }
    }
}
