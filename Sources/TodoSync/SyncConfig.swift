#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore
import TodoStore

/// Where and how to sync: from `TODO_SERVER`, `TODO_TOKEN`, `TODO_TIMEOUT`,
/// `TODO_INSECURE_HTTP`, `TODO_CA_FILE`, or the config file.
public struct SyncSettings: Equatable, Sendable {
    public var server: URL
    public var token: String
    public var timeout: Double
    /// The person allowed plain `http://` to another machine: the token travels unencrypted.
    public var insecureHTTP: Bool
    /// A PEM file of CA certificates trusted besides the system's, for a server with a
    /// certificate of its own.
    public var caFile: String?

    public static let defaultTimeout = 30.0

    public init(server: URL, token: String, timeout: Double, insecureHTTP: Bool = false, caFile: String? = nil) {
        self.server = server
        self.token = token
        self.timeout = timeout
        self.insecureHTTP = insecureHTTP
        self.caFile = caFile
    }

    /// The server `text` names, if it is an http:// or https:// URL with a host.
    public static func server(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            return nil
        }
        return url
    }

    /// The timeout `text` gives, if it is a number of seconds above 0, at most 600.
    public static func timeout(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds > 0, seconds <= 600 else { return nil }
        return seconds
    }

    /// The switch `text` gives, if it is `true` or `false`.
    public static func flag(_ text: String) -> Bool? {
        ["true": true, "false": false][text]
    }
}

/// `$XDG_CONFIG_HOME/todo/config.json` (else `~/.config/todo/config.json`): a JSON object of
/// the settings `keys` names and those of contexts and attributes, written by `todo config`
/// with mode 0600.
public struct ConfigFile: Sendable {
    public let path: String
    /// Values given for one command (`rc.KEY=VALUE` on its command line), read over the file's
    /// by every setting's reader, but never written back by `todo config`.
    public var overrides: [String: String] = [:]

    public init(environment: [String: String]) throws(SyncError) {
        if let path = environment["TODO_CONFIG"], !path.isEmpty {
            self.path = path
        } else if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            path = config + "/todo/config.json"
        } else if let home = environment["HOME"], !home.isEmpty {
            path = home + "/.config/todo/config.json"
        } else {
            throw .notConfigured("cannot tell where the config file is: set HOME or XDG_CONFIG_HOME")
        }
    }

    /// The stored values; empty when there is no file. Refuses a token others could read.
    public func read() throws(SyncError) -> [String: String] {
        let values = try storedValues()
        if ConfigKey.allCases.contains(where: { $0.isSecret && values[$0.rawValue] != nil }) {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
                throw .notConfigured(
                    """
                    config file \(path) holds a token but others can read it \
                    (mode \(String(info.st_mode & 0o777, radix: 8))); run: chmod 600 \(path)
                    """
                )
            }
        }
        return values
    }

    /// The attributes the settings declare (`uda.NAME.type`, …); none when there is no file.
    public func udaSchema() throws(SyncError) -> UDASchema {
        try snapshot().udaSchema()
    }

    /// The values in force now (the overrides over the file's), for a command that reads
    /// several settings: one read.
    public func snapshot() throws(SyncError) -> ConfigValues {
        ConfigValues(path: path, values: try storedValues().merging(overrides) { $1 })
    }

    /// The days `text` gives, if it is a whole number from 0 to 366.
    public static func dueDays(_ text: String) -> Int? {
        Int(text).flatMap { (0...366).contains($0) ? $0 : nil }
    }

    public static let dueDaysRule = "due-days must be a whole number of days from 0 to 366"

    /// The values the file holds, as text; empty when there is no file. Unlike `read`, does
    /// not refuse a token others could read: for the settings that are no secret.
    public func storedValues() throws(SyncError) -> [String: String] {
        // No file is the common case: found without Foundation's file reading, whose code
        // alone added a megabyte to every command's memory.
        var info = stat()
        if stat(path, &info) != 0, errno == ENOENT { return [:] }
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw .notConfigured("cannot read config file \(path)") }
            return [:]
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .notConfigured("config file \(path) is not a JSON object; fix it or remove it")
        }
        var values: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case let text as String: values[key] = text
            case let number as NSNumber: values[key] = number.stringValue
            default: throw .notConfigured("config file \(path): \"\(key)\" must be a string or a number")
            }
        }
        return values
    }

    /// Writes `values` atomically with mode 0600, creating the directory (0700) if needed.
    public func write(_ values: [String: String]) throws(SyncError) {
        if let failure = PathText.makeDirectories(PathText.directory(of: path), mode: 0o700) {
            throw .notConfigured("cannot write config file \(path): \(failure)")
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .prettyPrinted])
            let temporary = path + ".tmp"
            guard
                FileManager.default.createFile(
                    atPath: temporary, contents: data + Data("\n".utf8), attributes: [.posixPermissions: 0o600])
            else {
                throw SyncError.notConfigured("cannot write \(temporary)")
            }
            chmod(temporary, 0o600)
            guard rename(temporary, path) == 0 else { throw SyncError.notConfigured("cannot write \(path)") }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .notConfigured("cannot write config file \(path): \(error.localizedDescription)")
        }
    }

    /// The settings in force: the environment first (where `rc.KEY=VALUE` left it), then the
    /// overrides, then the file.
    public func settings(environment: [String: String]) throws(SyncError) -> SyncSettings {
        let stored = try read().merging(overrides) { $1 }
        func value(_ key: ConfigKey) -> String? { key.value(environment: environment, stored: stored) }
        guard let serverText = value(.server) else {
            throw .notConfigured("no server to sync with: set TODO_SERVER or run 'todo config server URL'")
        }
        guard let server = SyncSettings.server(serverText) else {
            throw .notConfigured("the server '\(serverText)' is not an http:// or https:// URL")
        }
        guard let token = value(.token) else {
            throw .notConfigured("no token: set TODO_TOKEN or run 'todo config token -' and paste it")
        }
        let timeout = try Self.timeout(value(.timeout))
        let insecureHTTP = try Self.insecureHTTP(value(.insecureHTTP))
        let settings = SyncSettings(
            server: server, token: token, timeout: timeout, insecureHTTP: insecureHTTP, caFile: value(.caFile))
        try settings.checkTransport()
        return settings
    }
}

extension ConfigFile {
    /// Whether plain http:// to another machine is allowed: `TODO_INSECURE_HTTP` if set, else
    /// the `insecure-http` setting among `stored`.
    public static func insecureHTTP(environment: [String: String], stored: [String: String]) throws(SyncError) -> Bool {
        try insecureHTTP(ConfigKey.insecureHTTP.value(environment: environment, stored: stored))
    }

    /// The seconds sync waits for each answer: `text`'s, or 30 when unset.
    static func timeout(_ text: String?) throws(SyncError) -> Double {
        guard let text else { return SyncSettings.defaultTimeout }
        guard let seconds = SyncSettings.timeout(text) else {
            throw .notConfigured("the timeout must be a number of seconds from 0 to 600, not '\(text)'")
        }
        return seconds
    }

    static func insecureHTTP(_ text: String?) throws(SyncError) -> Bool {
        guard let text else { return false }
        guard let allowed = SyncSettings.flag(text) else {
            throw .notConfigured("insecure-http (TODO_INSECURE_HTTP) must be true or false, not '\(text)'")
        }
        return allowed
    }
}

/// The config file's values as one read found them (no token check: for the settings that
/// are no secret), and the settings read from them.
public struct ConfigValues: Sendable {
    /// Where they were read from, for messages.
    public let path: String
    public let values: [String: String]

    public init(path: String, values: [String: String]) {
        self.path = path
        self.values = values
    }

    /// Whether they name a server to sync with.
    public var namesServer: Bool { values[ConfigKey.server.rawValue]?.isEmpty == false }

    /// The attributes the settings declare (`uda.NAME.type`, …).
    public func udaSchema() throws(SyncError) -> UDASchema {
        do {
            return try UDASchema(settings: values)
        } catch let error as UDAValueError {
            throw .notConfigured("config file \(path): \(error.message)")
        } catch {
            throw .notConfigured("config file \(path): \(error)")
        }
    }

    /// How many days ahead +DUE looks (`due-days`, Taskwarrior's `rc.due`); 7 when unset.
    public func dueDays() throws(SyncError) -> Int {
        guard let text = values[ConfigKey.dueDays.rawValue] else { return FilterContext.defaultDueDays }
        guard let days = ConfigFile.dueDays(text) else {
            throw .notConfigured("config file \(path): \(ConfigFile.dueDaysRule), not '\(text)'")
        }
        return days
    }

    /// The colour rules (`color.…`, `rule.precedence.color`, `rule.color.merge`); none unless set.
    public func colourRules() throws(SyncError) -> ColourRules {
        do {
            return try ColourRules(settings: values)
        } catch {
            throw .notConfigured("config file \(path): \(error.message)")
        }
    }

    /// Whether colour is on by the settings (`color`, Taskwarrior's): off only when it says so.
    public var colourAllowed: Bool {
        values[ConfigKey.color.rawValue].flatMap(OnOff.read) != false
    }

    /// The urgency coefficients (`urgency.…`), Taskwarrior's where none is set.
    public func urgency() throws(SyncError) -> UrgencyCoefficients {
        do {
            return try UrgencyCoefficients(settings: values)
        } catch {
            throw .notConfigured("config file \(path): \(error.message)")
        }
    }
}
