import Foundation
import TodoCore
import TodoSync

enum ConfigCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let file = try ConfigFile(environment: context.environment)
        let key = invocation.argument(.key)
        let given = invocation.argument(.value)
        if invocation.flag(.unset) {
            guard let key, given == nil else {
                throw CommandError(message: "'config --unset' needs exactly one KEY", status: ExitStatus.usage)
            }
            var values = try file.read()
            values[key] = nil
            return .configure(ConfigWrite(file: file, values: values), after: .output(Output()))
        }
        guard let key else {
            let values = try file.read()
            var output = Output()
            for key in ConfigKey.allCases { output.line("\(key.rawValue) = \(inForce(key, values, context))") }
            for key in values.keys.filter({
                ["uda.", "context.", "report.", UrgencySetting.prefix, ColourRule.prefix].contains(where: $0.hasPrefix)
            }).sorted() {
                output.line("\(oneLine(key)) = \(oneLine(shown(key, values[key])))")
            }
            output.line("# \(oneLine(file.path))")
            return .output(output)
        }
        guard var value = given else {
            guard let value = try file.read()[key] else {
                throw CommandError(message: "\(key) is not set in \(file.path)")
            }
            return .output(Output(stdout: oneLine(shown(key, value)) + "\n"))
        }
        if value == "-" {
            value = context.stdinText.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // A bad value is refused before the file is read, so that it is a usage error
        // whatever state the file is in; an attribute's, and a default command (which may
        // name a report the config defines), are checked with the others.
        let readsOthers = key.hasPrefix("uda.") || key == ConfigKey.defaultCommand.rawValue
        if !readsOthers { try validate(key, value, among: [:], context) }
        var values = try file.read()
        if key == ConfigKey.server.rawValue, let server = SyncSettings.server(value) {
            let allowed = try ConfigFile.insecureHTTP(environment: context.environment, stored: values)
            if let refusal = SyncSettings.transportRefusal(server: server, insecureHTTP: allowed) {
                throw CommandError(message: refusal.description, status: ExitStatus.usage)
            }
        }
        values[key] = value
        if readsOthers { try validate(key, value, among: values, context) }
        return .configure(ConfigWrite(file: file, values: values), after: .output(Output()))
    }

    /// The value in force of `key` and, when it is not the file's, where it comes from (as
    /// Taskwarrior's `show` says): this command's `rc.KEY=VALUE`, or its environment variable.
    private static func inForce(_ key: ConfigKey, _ stored: [String: String], _ context: Context) -> String {
        if let value = context.configOverrides[key.rawValue] {
            return oneLine(shown(key.rawValue, value)) + "  # rc.\(key.rawValue), this command only"
        }
        if let variable = key.variable, let value = context.environment[variable], !value.isEmpty {
            return oneLine(shown(key.rawValue, value)) + "  # from \(variable), over the file's"
        }
        return oneLine(shown(key.rawValue, stored[key.rawValue]))
    }

    /// A secret (the token) is never printed, only whether it is set.
    private static func shown(_ key: String, _ value: String?) -> String {
        guard let value else { return "(not set)" }
        return ConfigKey(rawValue: key)?.isSecret == true ? "(set, \(value.count) characters)" : value
    }

    /// Refuses a value `key` cannot take; a `uda.` setting is checked with the others it
    /// goes with (`values`, the settings as they would be).
    static func validate(_ key: String, _ value: String, among values: [String: String], _ context: Context) throws {
        if key.hasPrefix("uda.") {
            do {
                _ = try UDASchema.parse(key: key)
                _ = try UDASchema(
                    settings: values.filter {
                        !$0.key.hasSuffix(".values") && !$0.key.hasSuffix(".label") || $0.key == key
                    })
            } catch {
                throw CommandError(message: error.message, status: ExitStatus.usage)
            }
            return
        }
        if key.hasPrefix("report.") {
            try NamedReport.check(key, value, among: values, context)
            return
        }
        if key.hasPrefix(UrgencySetting.prefix) {
            do {
                _ = try UrgencyCoefficients.check(key, value)
            } catch {
                throw CommandError(message: error.message, status: ExitStatus.usage)
            }
            return
        }
        if key.hasPrefix(ColourRule.prefix) {
            try checkColour(key, value)
            return
        }
        if key.hasPrefix("context."), key.hasSuffix(ReportSettings.writeSuffix) {
            try ContextCommand.checkName(
                String(key.dropFirst("context.".count).dropLast(ReportSettings.writeSuffix.count)), allowingNone: false)
            try ContextCommand.checkWrite(ReportSettings.words(value), context)
            return
        }
        if key.hasPrefix("context.") {
            try ContextCommand.checkName(String(key.dropFirst("context.".count)), allowingNone: false)
            try ContextCommand.checkFilter(ReportSettings.words(value), context)
            return
        }
        guard let setting = ConfigKey(rawValue: key) else {
            throw CommandError(message: "\(quoted(key)) is no setting", status: ExitStatus.usage)
        }
        try check(setting, value, among: values, context)
    }

    /// Refuses a value `key` cannot take, as a usage error.
    private static func check(_ key: ConfigKey, _ value: String, among values: [String: String], _ context: Context)
        throws
    {
        func refuse(_ message: String) -> CommandError { CommandError(message: message, status: ExitStatus.usage) }
        switch key {
        case .server:
            guard SyncSettings.server(value) != nil else {
                throw refuse("'\(value)' is not an http:// or https:// URL")
            }
        case .timeout:
            guard SyncSettings.timeout(value) != nil else {
                throw refuse("the timeout must be a number of seconds from 0 to 600, not '\(value)'")
            }
        case .insecureHTTP:
            guard SyncSettings.flag(value) != nil else {
                throw refuse("insecure-http must be true or false, not '\(value)'")
            }
        case .dueDays:
            guard ConfigFile.dueDays(value) != nil else { throw refuse("\(ConfigFile.dueDaysRule), not '\(value)'") }
        case .caFile:
            guard value.hasPrefix("/") else {
                throw refuse("ca-file must be an absolute path (as cron and other directories see it), not '\(value)'")
            }
            guard let contents = FileManager.default.contents(atPath: value) else {
                throw refuse("cannot read the CA file \(value)")
            }
            guard String(decoding: contents, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw refuse("\(value) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
            }
        case .token:
            guard !value.isEmpty, !value.contains(where: \.isWhitespace) else {
                throw refuse("a token cannot be empty or contain spaces")
            }
        case .defaultFilter:
            guard TodoFilter(rawValue: value) != nil else {
                throw refuse("\(key.rawValue) \(ReportSettings.filterRule), not \(quoted(value))")
            }
        case .defaultCommand:
            guard DefaultCommand.words(value, configured: NamedReport.configuredNames(values)) != nil else {
                throw refuse("\(key.rawValue) \(DefaultCommand.rule), not \(quoted(value))")
            }
        case .syntax:
            guard Dialect(rawValue: value) != nil else {
                throw refuse("\(key.rawValue) \(Dialect.rule), not \(quoted(value))")
            }
        case .weekStart:
            guard ReportSettings.weekday(value) != nil else {
                throw refuse("\(ReportSettings.weekStartRule), not \(quoted(value))")
            }
        case .context:
            try ContextCommand.checkName(value, allowingNone: true)
        case .hooks:
            guard OnOff.read(value) != nil else { throw refuse("hooks \(OnOff.rule), not \(quoted(value))") }
        case .hooksLocation:
            guard value.hasPrefix("/") else {
                throw refuse("hooks.location must be an absolute path, not \(quoted(value))")
            }
        case .hooksTimeout:
            guard HookSettings.timeout(value) != nil else {
                throw refuse("hooks.timeout \(HookSettings.timeoutRule), not \(quoted(value))")
            }
        case .searchCaseSensitive:
            guard OnOff.read(value) != nil else { throw refuse("\(key.rawValue) \(OnOff.rule), not \(quoted(value))") }
        case .color:
            guard OnOff.read(value) != nil else { throw refuse("color \(OnOff.rule), not \(quoted(value))") }
        case .colorPrecedence, .colorMerge:
            try checkColour(key.rawValue, value)
        case .syncServerURL:
            guard SyncSettings.server(value) != nil else {
                throw refuse("'\(value)' is not an http:// or https:// URL")
            }
        case .syncClientID:
            guard UUID(uuidString: value) != nil else {
                throw refuse(
                    """
                    sync.server.client_id must be a UUID, such as 'todo-server taskchampion add' prints, \
                    not \(quoted(value))
                    """
                )
            }
        case .syncEncryptionSecret:
            guard !value.isEmpty else { throw refuse("sync.encryption_secret cannot be empty") }
        }
    }

    /// Refuses a colour rule's value, or a key of no rule, as a usage error.
    private static func checkColour(_ key: String, _ value: String) throws {
        do {
            try ColourRules.check(key, value)
        } catch {
            throw CommandError(message: error.message, status: ExitStatus.usage)
        }
    }
}
