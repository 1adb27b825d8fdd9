import Foundation

/// An order for todos, as `--sort due,-created` writes it: keys compared in turn, each in
/// its own direction (`Key.descendingByDefault`), or ascending with `+KEY` and descending
/// with `-KEY`; a todo without the key's value (no due date, no project) comes after those
/// with one either way, and todos alike in every key keep the order they were given in.
public struct TodoSort: Equatable, Sendable {
    public enum Key: Hashable, Sendable {
        /// A date field (`TodoField.dates`): the instant, or the end of the whole day.
        case date(TodoField)
        /// L, M, H: `-priority` puts H first.
        case priority
        case project
        case created
        case modified
        /// Case-insensitive.
        case name
        /// `Urgency.score`.
        case urgency
        /// The todo's number.
        case id
        /// When it was completed (Taskwarrior's `end`); open todos have none.
        case end
        /// completed, pending or waiting, A to Z as Taskwarrior's status sorts.
        case status
        /// The recurrence rule as written (`weekly`).
        case recur
        /// The tags, sorted and joined.
        case tags
        /// A user-defined attribute, ordered as its type orders values.
        case uda(UDADeclaration)

        /// The deadline.
        public static let due = Key.date(.due)

        /// Every date field of the table, then the others.
        public static let allCases: [Key] =
            TodoField.dates.map(Key.date)
            + [.priority, .project, .created, .modified, .name, .urgency, .id, .end, .status, .recur, .tags]

        /// As `--sort` writes it: `due`, `priority`.
        public var rawValue: String {
            switch self {
            case .date(let field): field.key
            case .priority: "priority"
            case .project: "project"
            case .created: "created"
            case .modified: "modified"
            case .name: "name"
            case .urgency: "urgency"
            case .id: "id"
            case .end: "end"
            case .status: "status"
            case .recur: "recur"
            case .tags: "tags"
            case .uda(let declaration): declaration.name
            }
        }

        public init?(rawValue: String) {
            guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = key
        }

        /// Highest first: the most urgent, H before M before L. Every other key is lowest
        /// first: the earliest date, A to Z.
        public var descendingByDefault: Bool {
            switch self {
            case .urgency, .priority: true
            case .date, .project, .created, .modified, .name, .id, .end, .status, .recur, .tags, .uda: false
            }
        }
    }

    public struct Term: Equatable, Sendable {
        public var key: Key
        public var descending: Bool

        public init(_ key: Key, descending: Bool = false) {
            self.key = key
            self.descending = descending
        }
    }

    public var terms: [Term]

    public init(_ terms: [Term]) {
        self.terms = terms
    }

    /// The keys, comma-separated, as people write them: `due,-priority`; `udas` are the
    /// user-defined attributes that may be keys too.
    public init(parsing text: String, udas: UDASchema = .none) throws(SortError) {
        var terms: [Term] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let sign = word.first.flatMap { $0 == "-" || $0 == "+" ? $0 : nil }
            let name = String(sign == nil ? word : word.dropFirst()).lowercased()
            guard let key = Key(rawValue: name) ?? udas[name].map(Key.uda) else {
                throw SortError(word: String(word))
            }
            terms.append(Term(key, descending: sign.map { $0 == "-" } ?? key.descendingByDefault))
        }
        self.init(terms)
    }

    /// `todos` in this order; ties keep their order in `todos`. Urgency counts the context's
    /// dependencies, with its coefficients.
    public func sorted(_ todos: [Todo], in context: FilterContext) -> [Todo] {
        let columns = terms.map { term in todos.map { Self.value(of: $0, term.key, context) } }
        let order = todos.indices.sorted { a, b in
            for (term, column) in zip(terms, columns) {
                switch (column[a], column[b]) {
                case (.none, .none): continue
                case (.none, _): return false
                case (_, .none): return true
                case let (left?, right?):
                    if left == right { continue }
                    return (left < right) != term.descending
                }
            }
            return a < b
        }
        return order.map { todos[$0] }
    }

    /// A key's value, comparable across todos; nil when the todo has none.
    private enum Value: Comparable {
        case number(Double)
        case text(String)
    }

    private static func value(of todo: Todo, _ key: Key, _ filterContext: FilterContext) -> Value? {
        let context = filterContext.dates
        return switch key {
        case .date(let field):
            field.date(of: todo.attributes).map { .number($0.deadline(in: context).timeIntervalSince1970) }
        case .priority: todo.priority.map { .number(Double($0.rank)) }
        case .project: todo.project.map { .text($0) }
        case .created: .number(todo.createdAt.timeIntervalSince1970)
        case .modified: .number(todo.updatedAt.timeIntervalSince1970)
        case .name: .text(todo.name.lowercased())
        case .urgency: .number(Urgency.score(todo, in: filterContext))
        case .id: .number(Double(todo.id))
        case .end: todo.completedAt.map { .number($0.timeIntervalSince1970) }
        case .status: .text(todo.completed ? "completed" : todo.isWaiting(in: context) ? "waiting" : "pending")
        case .recur: todo.recur.map { .text($0.rule) }
        case .tags: todo.tags.isEmpty ? nil : .text(todo.tags.sorted().joined(separator: " "))
        case .uda(let declaration):
            todo.udas[declaration.name].map { value in
                switch declaration.sortValue(value, in: context) {
                case .number(let number): .number(number)
                case .text(let text): .text(text)
                }
            }
        }
    }
}

/// A `--sort` word that names no key.
public struct SortError: Error, Equatable, Sendable, CustomStringConvertible {
    /// How keys sort when no sign is given, for help.
    public static let directions =
        """
        urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A \
        to Z); +KEY sorts a key lowest first, -KEY highest first
        """

    public let word: String

    public var description: String {
        let keys = TodoSort.Key.allCases.map(\.rawValue).joined(separator: ", ")
        return
            """
            \(word.debugDescription) is no sort key; use \(keys) or an attribute 'todo config uda.NAME.type' declares, \
            separated by commas, with + before a key for lowest first or - for highest first
            """
    }
}
