import Foundation
import TodoStore
import TodoSync

/// `todo diagnostics`: the version, the files todo reads, and the hooks it finds (with
/// whether each runs, as Taskwarrior's diagnostics lists them), for a bug report.
enum DiagnosticsCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        var output = Output()
        output.line("todo \(CommandTable.version)")
        output.line("")
        let state = (try? stateFilePath(invocation, context.environment)) ?? "(unknown: set HOME or TODO_FILE)"
        output.line("State file:  \(oneLine(state))\(describe(state))")
        guard let config = try context.config() else {
            output.line("Config file: (unknown: set HOME or XDG_CONFIG_HOME); no hooks run")
            return .output(output)
        }
        output.line("Config file: \(oneLine(config.path))\(describe(config.path))")
        let settings = try HookSettings(config, environment: context.environment)
        // HookSettings reads TODO_HOOKS and rc.hooks over the file's: the one rule.
        let off = !settings.enabled
        let scripts = HookScript.scan(settings.location)
        output.line("")
        output.line(
            "Hooks:       \(off ? "off (hooks, rc.hooks, TODO_HOOKS)" : "on"), timeout \(Int(settings.timeout)) s")
        output.line("Location:    \(oneLine(settings.location))\(scripts.isEmpty ? " (no hook scripts there)" : "")")
        let width = scripts.map(\.name.count).max() ?? 0
        for script in scripts {
            output.line(
                """
                             \(oneLine(script.name).padding(toLength: width, withPad: " ", startingAt: 0)) \
                (\(script.state))
                """
            )
        }
        return .output(output)
    }

    /// ` (1234 bytes)`, or ` (not there yet)`.
    private static func describe(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return " (not there yet)"
        }
        return " (\((attributes[.size] as? NSNumber)?.intValue ?? 0) bytes)"
    }
}
