/// What kind of change an undo step records: what the undo log and the reports need to know of
/// a step without reading its summary, which is English for people.
public enum StepKind: String, Sendable, CaseIterable {
    case add, edit, complete, reopen, toggle, annotate, delete
    case deleteSeries = "delete-series"
    case expire
    case clearCompleted = "clear-completed"
    case batch
    case importTodos = "import"
    case sync

    /// Whether a step of this kind can have taken todos out of the state: what the reports
    /// read of the undo history to count deleted todos.
    public var mayRemoveTodos: Bool {
        switch self {
        case .add, .edit, .complete, .reopen, .toggle, .annotate: false
        case .delete, .deleteSeries, .expire, .clearCompleted, .batch, .importTodos, .sync: true
        }
    }

    /// The kind of a step written before steps had one, from its summary (`describe`'s
    /// words); nil for a summary no step of todo's begins with. Only for reading such older
    /// files (`StateCodec`): a step made now carries its kind.
    public init?(legacySummary summary: String) {
        let word = summary.prefix { $0 != " " }
        if word == "delete", summary.hasPrefix("delete the series") || summary.hasPrefix("delete a series") {
            self = .deleteSeries
        } else if let kind = StepKind(rawValue: String(word)) {
            self = kind
        } else {
            return nil
        }
    }
}

extension Action {
    /// The kind of undo step this action makes.
    public var stepKind: StepKind {
        switch self {
        case .add: .add
        case .edit: .edit
        case .toggle: .toggle
        case .completed: .complete
        case .reopened: .reopen
        case .annotated: .annotate
        case .delete: .delete
        case .deleteSeries: .deleteSeries
        case .expired: .expire
        case .clearCompleted: .clearCompleted
        case .undo: .edit
        case .batch: .batch
        case .importTodos: .importTodos
        case .hooksRewrote(let action, _): action.stepKind
        case .syncReset, .syncPulled, .syncResynced, .syncQueued, .syncPushed, .replicaSynced: .sync
        }
    }
}
