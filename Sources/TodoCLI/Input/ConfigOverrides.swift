import TodoCore
import TodoSync

extension Context {
    /// Takes the words `rc.KEY=VALUE` (or `rc.KEY:VALUE`) and `rc:PATH` out of the command line,
    /// as Taskwarrior reads them anywhere before `--`: a setting (`todo help config`), or the
    /// config file, for this command only. A setting given so is used over its environment
    /// variable too, the command line being the nearer word. An unknown setting or a value it
    /// cannot take is a usage error, as with `todo config`.
    mutating func takeConfigOverrides() throws {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains(where: { $0.hasPrefix("rc.") || $0.hasPrefix("rc:") }) else { return }
        var kept: [String] = []
        for (index, word) in arguments.enumerated() {
            // `_get rc.due-days` reads a setting: a DOM reference, no override.
            let reference =
                word.hasPrefix("rc.") && !word.contains("=") && !word.contains(":")
                && arguments[..<index].contains("_get")
            guard index < end, word.hasPrefix("rc.") || word.hasPrefix("rc:"), !reference else {
                kept.append(word)
                continue
            }
            overrideWords.append(word)
            if word.hasPrefix("rc:") {
                let path = String(word.dropFirst(3))
                guard !path.isEmpty else {
                    throw CommandError(message: "rc: needs the path of a config file", status: ExitStatus.usage)
                }
                environment["TODO_CONFIG"] = path
                continue
            }
            let setting = word.dropFirst(3)
            guard let split = setting.firstIndex(where: { $0 == "=" || $0 == ":" }), split != setting.startIndex else {
                throw CommandError(
                    message: "\(quoted(word)) sets no value: write rc.KEY=VALUE", status: ExitStatus.usage)
            }
            let (key, value) = (String(setting[..<split]), String(setting[setting.index(after: split)...]))
            guard
                ConfigKey(rawValue: key) != nil || key.hasPrefix("uda.") || key.hasPrefix("context.")
                    || key.hasPrefix("report.") || key.hasPrefix(ColourRule.prefix)
            else {
                throw CommandError(
                    message: "rc.\(key) is no setting of todo's (see 'todo help config')", status: ExitStatus.usage)
            }
            try ConfigCommand.validate(key, value, among: configOverrides.merging([key: value]) { $1 }, self)
            configOverrides[key] = value
            if let variable = ConfigKey(rawValue: key)?.variable { environment[variable] = nil }
        }
        arguments = kept
    }
}
