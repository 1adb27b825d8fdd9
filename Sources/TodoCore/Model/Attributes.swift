import Foundation

/// A todo's attributes: every field of `TodoField.attributes` (all but name, description
/// and notes), stored once. `Todo`, `TodoContent` and `NewTodo` each hold one, and reach
/// its fields as their own (`todo.due`) through `TodoFieldHolder`'s member lookup, so a
/// new field is a property here and nowhere else among the holders.
///
/// The fields most todos have (the ones `list` shows) are stored inline; the others (series
/// fields, Taskwarrior's rarer ones), which few todos have, out of line in one box, so that an `Attributes`, and a
/// `Todo` holding one, stays small and a copy of it touches no extra memory for them (listing
/// 100,000 todos copies every one).
public struct Attributes: Hashable, Sendable, Codable {
    /// Case-sensitive words (see `Tag`).
    public var tags: Set<String> = []
    /// Dots make a hierarchy: `home.garden` is inside `home`.
    public var project: String?
    public var priority: Priority?
    public var due: DueDate?
    /// Hidden from the default list until this date has come.
    public var wait: DueDate?
    /// Not to be started before this date (Taskwarrior's `scheduled`).
    public var scheduled: DueDate? {
        get { rare?.fields.scheduled }
        set { setRare(\.scheduled, newValue, clearing: newValue == nil) }
    }

    /// When work on it started (`todo start`); nil when it is not being worked on.
    public var start: DueDate? {
        get { rare?.fields.start }
        set { setRare(\.start, newValue, clearing: newValue == nil) }
    }

    /// The todos that must be done first, by UUID.
    public var depends: Set<UUID> {
        get { rare?.fields.depends ?? [] }
        set { setRare(\.depends, newValue, clearing: newValue.isEmpty) }
    }

    /// Dated remarks, oldest first (`todo annotate`).
    public var annotations: [Annotation] {
        get { rare?.fields.annotations ?? [] }
        set { setRare(\.annotations, newValue, clearing: newValue.isEmpty) }
    }

    /// User-defined attributes (`todo config uda.NAME.type`), by name; kept whether or not
    /// this device declares them.
    public var udas: [String: String] {
        get { rare?.fields.udas ?? [:] }
        set { setRare(\.udas, newValue, clearing: newValue.isEmpty) }
    }

    /// How the todo repeats; only the open occurrence of a series holds it (see `Series`).
    public var recur: Recurrence? {
        get { rare?.fields.recur }
        set { setRare(\.recur, newValue, clearing: newValue == nil) }
    }

    /// No occurrence of the series is made due after this date.
    public var until: DueDate? {
        get { rare?.fields.until }
        set { setRare(\.until, newValue, clearing: newValue == nil) }
    }

    /// The series the todo is an occurrence of: the UUID of its first occurrence.
    public var series: UUID? {
        get { rare?.fields.series }
        set { setRare(\.series, newValue, clearing: newValue == nil) }
    }

    /// The due date its series counts from, on its time zone's clock.
    public var anchor: SeriesAnchor? {
        get { rare?.fields.anchor }
        set { setRare(\.anchor, newValue, clearing: newValue == nil) }
    }

    /// The fields few todos have, nil when none is set.
    private var rare: RareBox?

    public init() {}

    /// No attribute set.
    public static let none = Attributes()

    /// Sets a field of the box: in place when no copy shares it, else in a new one (none when
    /// nothing is left set): reading a todo's rarer fields one by one made a box for each.
    /// `clearing`: the value set is none or empty, so the box may now hold nothing (the box is
    /// compared with an empty one only then). The fields are read straight from the box: read
    /// through a key path, each read copied every field of it.
    private mutating func setRare<Value>(_ field: WritableKeyPath<RareFields, Value>, _ value: Value, clearing: Bool) {
        if isKnownUniquelyReferenced(&rare), let box = rare {
            box.fields[keyPath: field] = value
            if clearing && box.fields == .none { rare = nil }
            return
        }
        var fields = rare?.fields ?? .none
        fields[keyPath: field] = value
        rare = clearing && fields == .none ? nil : RareBox(fields)
    }
}

/// The attributes few todos have: a recurring todo's, Taskwarrior's rarer ones.
struct RareFields: Hashable, Sendable, Codable {
    static let none = RareFields()
    var scheduled: DueDate?
    var start: DueDate?
    var depends: Set<UUID> = []
    var annotations: [Annotation] = []
    var udas: [String: String] = [:]
    var recur: Recurrence?
    var until: DueDate?
    var series: UUID?
    var anchor: SeriesAnchor?
}

/// A copy-on-write box: changed in place only while one `Attributes` holds it (see
/// `Attributes[rare:]`), so copies never share a change and a box that is shared is never
/// changed (which is what makes it safe to send).
private final class RareBox: Hashable, @unchecked Sendable, Codable {
    var fields: RareFields
    init(_ fields: RareFields) { self.fields = fields }
    init(from decoder: any Decoder) throws { fields = try RareFields(from: decoder) }
    func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }
    static func == (lhs: RareBox, rhs: RareBox) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// A dated remark on a todo: Taskwarrior's annotation. Two annotations with the same time
/// and text are one, so that annotations merge as a set.
public struct Annotation: Hashable, Sendable, Codable, Comparable {
    /// Whole seconds, as Taskwarrior keeps them.
    public var at: Date
    public var text: String

    public init(at: Date, text: String) {
        self.at = Date(timeIntervalSince1970: (at.timeIntervalSince1970).rounded(.down))
        self.text = text
    }

    public static func < (lhs: Annotation, rhs: Annotation) -> Bool {
        (lhs.at, lhs.text) < (rhs.at, rhs.text)
    }

    /// Annotations in their one order: oldest first, without repeats.
    public static func normalized(_ annotations: some Sequence<Annotation>) -> [Annotation] {
        Set(annotations).sorted()
    }
}

/// Something holding a value for every `TodoField`: a todo, its synced content, a new todo.
/// Its attributes read and write as its own properties: `holder.tags`.
@dynamicMemberLookup
public protocol TodoFieldHolder {
    var name: String { get set }
    var description: String { get set }
    var notes: String { get set }
    var attributes: Attributes { get set }
}

extension TodoFieldHolder {
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Attributes, Value>) -> Value {
        get { attributes[keyPath: keyPath] }
        set { attributes[keyPath: keyPath] = newValue }
    }
}
