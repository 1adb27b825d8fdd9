import TodoCore

/// The settings `todo config` keeps in the config file, described once: the key, the
/// environment variable that overrides it, whether it is secret, and what it is for. `todo
/// config` lists them, its help is made from them, and each one's rule for its value is a
/// switch over them (`ConfigCommand.check`). Contexts' filters (`context.NAME`), declared
/// attributes (`uda.NAME.…`), reports (`report.NAME.…`), urgency (`UrgencySetting`) and
/// colour rules (`ColourRule`) come besides, by pattern.
public enum ConfigKey: String, CaseIterable, Sendable {
    case server, token, timeout
    case insecureHTTP = "insecure-http"
    case caFile = "ca-file"
    case dueDays = "due-days"
    case defaultFilter = "default-filter"
    case defaultCommand = "default-command"
    case searchCaseSensitive = "search.case.sensitive"
    case context, syntax
    case weekStart = "week-start"
    case hooks
    case hooksLocation = "hooks.location"
    case hooksTimeout = "hooks.timeout"
    case color
    case colorPrecedence = "rule.precedence.color"
    case colorMerge = "rule.color.merge"
    case syncServerURL = "sync.server.url"
    case syncClientID = "sync.server.client_id"
    case syncEncryptionSecret = "sync.encryption_secret"

    /// The environment variable whose value, when set and not empty, is used instead.
    public var variable: String? {
        switch self {
        case .server: "TODO_SERVER"
        case .token: "TODO_TOKEN"
        case .timeout: "TODO_TIMEOUT"
        case .insecureHTTP: "TODO_INSECURE_HTTP"
        case .caFile: "TODO_CA_FILE"
        case .context: "TODO_CONTEXT"
        case .syntax: "TODO_SYNTAX"
        case .hooks: "TODO_HOOKS"
        case .syncEncryptionSecret: "TODO_ENCRYPTION_SECRET"
        case .dueDays, .defaultFilter, .defaultCommand, .searchCaseSensitive, .weekStart, .hooksLocation, .hooksTimeout,
            .color, .colorPrecedence, .colorMerge,
            .syncServerURL, .syncClientID:
            nil
        }
    }

    /// Whether `todo config` shows only that it is set.
    public var isSecret: Bool {
        switch self {
        case .token, .syncEncryptionSecret: true
        case .syncServerURL, .syncClientID, .server, .timeout, .insecureHTTP, .caFile, .dueDays, .defaultFilter,
            .defaultCommand, .searchCaseSensitive, .context, .syntax, .weekStart, .hooks,
            .hooksLocation, .hooksTimeout, .color, .colorPrecedence, .colorMerge:
            false
        }
    }

    /// What it is for, for help.
    public var help: String {
        switch self {
        case .server:
            """
            the sync server's URL: https:// to any machine, plain http:// only to this one unless insecure-http allows \
            it
            """
        case .token: "the token 'todo-server token add' printed; never printed back"
        case .timeout: "seconds sync waits for each answer, above 0 and at most 600 (30 unless set)"
        case .insecureHTTP:
            """
            true lets sync send the token over plain http:// to another machine, where anyone on the way can read it; \
            without it such a server is refused, by 'todo config server' too
            """
        case .caFile:
            """
            an absolute path to a PEM file of CA certificates that sync trusts besides the system's, for a server with \
            a certificate of its own (self-signed, or your own CA)
            """
        case .dueDays: "N makes the virtual tag +DUE hold todos due within N days (Taskwarrior's rc.due; 7 unless set)"
        case .defaultFilter:
            """
            what list shows without --filter: one of \(TodoFilter.allCases.map(\.rawValue).joined(separator: ", ")) \
            (active unless set)
            """
        case .defaultCommand:
            """
            the command and words that todo runs when a line names no command (todo, todo +work): Taskwarrior's \
            default.command, such as next or 'list +work' (list unless set)
            """
        case .searchCaseSensitive:
            """
            on or off: whether words and /REGEX/ in a filter are searched for in the case typed, as Taskwarrior's (off \
            unless set: in any case)
            """
        case .context: "the context in force, which 'todo context NAME' sets; context.NAME holds each context's filter"
        case .syntax: "how words are read: taskwarrior (the default) or todotxt ('todo help todotxt')"
        case .weekStart: "the first day of the week in reports, a weekday's name (the locale's, LC_TIME, unless set)"
        case .hooks:
            """
            on or off: whether hooks run ('todo help hooks'; on unless set); rc.hooks=off or TODO_HOOKS=off for one \
            command
            """
        case .hooksLocation:
            """
            an absolute path to the folder of hook scripts, such as Taskwarrior's ~/.task/hooks (a hooks folder beside \
            the config file unless set)
            """
        case .hooksTimeout:
            """
            seconds each hook may run before it is killed and the command fails, above 0 and at most 600 (30 unless set)
            """
        case .color:
            """
            on or off: off turns colour off as --color never does, Taskwarrior's color=off (on unless set; --color \
            always is still obeyed)
            """
        case .colorPrecedence:
            """
            which colour rules (color.RULE) beat which, highest first, as Taskwarrior's ('todo help \
            colours'; \(ColourRules.defaultPrecedence) unless set)
            """
        case .colorMerge:
            """
            on or off: whether the colours of all the rules a todo matches blend, or only the highest's is drawn (on \
            unless set)
            """
        case .syncServerURL:
            """
            a TaskChampion sync server's URL (Taskwarrior 3's, such as todo-server's): with it, the client id and the \
            secret, 'todo sync' syncs with it instead of 'server'
            """
        case .syncClientID:
            "this account's client id on the TaskChampion server (a UUID, Taskwarrior 3's sync.server.client_id)"
        case .syncEncryptionSecret:
            """
            the secret every replica of the account encrypts its tasks with (Taskwarrior 3's); the server never sees a \
            task; never printed back
            """
        }
    }

    /// Its value in force: the environment's variable when set and not empty, else `stored`'s.
    public func value(environment: [String: String], stored: [String: String]) -> String? {
        if let variable, let text = environment[variable], !text.isEmpty { return text }
        return stored[rawValue]
    }
}
