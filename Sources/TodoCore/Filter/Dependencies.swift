import Foundation

/// Which open todos wait on others and which hold others up: what +BLOCKED, +BLOCKING,
/// +READY and urgency need of the whole state, worked out once from it and passed in.
public struct Dependencies: Sendable, Equatable {
    /// Open todos that depend on an open todo that exists.
    public let blocked: Set<UUID>
    /// Open todos that an open todo depends on.
    public let blocking: Set<UUID>

    /// None: what a state without dependencies, or a test of one todo, has.
    public static let none = Dependencies(blocked: [], blocking: [])

    public init(blocked: Set<UUID>, blocking: Set<UUID>) {
        self.blocked = blocked
        self.blocking = blocking
    }

    /// From every todo there is: a completed dependency, or one deleted (absent), holds
    /// nothing up. Costs one pass when no todo has dependencies.
    public init(_ todos: [Todo]) {
        let waiting = todos.filter { !$0.completed && !$0.depends.isEmpty }
        guard !waiting.isEmpty else {
            self = .none
            return
        }
        let wanted = waiting.reduce(into: Set<UUID>()) { $0.formUnion($1.depends) }
        let open = Set(todos.lazy.filter { !$0.completed && wanted.contains($0.uuid) }.map(\.uuid))
        var blocked: Set<UUID> = []
        var blocking: Set<UUID> = []
        for todo in waiting {
            let holding = todo.depends.intersection(open).subtracting([todo.uuid])
            guard !holding.isEmpty else { continue }
            blocked.insert(todo.uuid)
            blocking.formUnion(holding)
        }
        self.init(blocked: blocked, blocking: blocking)
    }
}

/// What a filter is evaluated with besides the todo: the clock (the virtual tags +OVERDUE,
/// +TODAY, …), the dependencies among all todos (+BLOCKED, +BLOCKING, +READY, urgency), the
/// todos `depends:ID` names, how far ahead +DUE looks and urgency's coefficients.
public struct FilterContext: Sendable {
    public let dates: DateContext
    public let dependencies: Dependencies
    /// The todo each reference of the filter's `depends:ID` terms names, by UUID.
    public let named: [String: UUID]
    /// +DUE holds todos due within this many days (Taskwarrior's `rc.due`; `todo config due-days`).
    public let dueDays: Int
    /// The number of the todo added last (+LATEST): the state's highest, whether or not it was read.
    public let latest: Int
    /// What urgency is counted with (`urgency.over:N`, `--sort urgency`).
    public let urgency: UrgencyCoefficients

    /// Taskwarrior's `rc.due` unless the config says otherwise.
    public static let defaultDueDays = 7

    public init(
        dates: DateContext, dependencies: Dependencies = .none, named: [String: UUID] = [:],
        dueDays: Int = defaultDueDays, latest: Int = 0,
        urgency: UrgencyCoefficients = .taskwarrior
    ) {
        self.dates = dates
        self.dependencies = dependencies
        self.named = named
        self.dueDays = dueDays
        self.latest = latest
        self.urgency = urgency
    }
}
