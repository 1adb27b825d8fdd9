/// Every field of a todo that a person sets, and those todo keeps for them (a recurring
/// todo's series), described once. The state file and sync codecs, `--json`, `list
/// --format`, the edit form, batch input, the attribute words of `add` and `edit`, their
/// options, the completions and the Taskwarrior, todo.txt and iCalendar mappings of import and export
/// are all derived from this table; docs/DESIGN.md says what a new field costs.
public enum TodoField: String, CaseIterable, Codable, Sendable {
    case name, description, notes, tags, project, priority, due, wait, scheduled, start, depends, annotations
    case recur, until, series, anchor, udas

    /// Its key in JSON (state file, `--json`, export, batch), in the edit form and in
    /// `list --format` (`{due}`).
    public var key: String { rawValue }

    /// The field's row in the table.
    public var spec: FieldSpec {
        switch self {
        case .name:
            // Taskwarrior's description is the name, so its word is one wherever Taskwarrior's syntax is read.
            FieldSpec(
                kind: .text, syntax: .keys(["name", "description"]), option: FieldOption("name", "TEXT"),
                taskwarrior: "description",
                todoTxt: .text, ical: .text("SUMMARY"),
                help: "Set the name. As a word: name:TEXT or description:TEXT, Taskwarrior's.")
        case .description:
            // Its word is details:, as description: is Taskwarrior's, the name.
            FieldSpec(
                kind: .text, syntax: .keys(["details"]), option: FieldOption("description", short: "d", "TEXT"),
                ical: .text("DESCRIPTION"),
                help:
                    "Set the description (todo's own; Taskwarrior's description is the name). As a word: details:TEXT.")
        case .notes:
            FieldSpec(
                kind: .text, option: FieldOption("notes", short: "n", "TEXT"), ical: .text("X-TODO-NOTES"),
                help: "Set the notes.")
        case .tags:
            FieldSpec(
                kind: .tags, merge: .set, syntax: .signs, option: FieldOption("tag", "TAG"), completion: .tags,
                taskwarrior: "tags", todoTxt: .sigil("@"), ical: .categories,
                help: "Add the tag TAG (a word; case counts); repeat for more. As a word: +TAG, and -TAG removes one.")
        case .project:
            FieldSpec(
                kind: .word, syntax: .keys(["project"]), option: FieldOption("project", "NAME"), filter: .within,
                completion: .projects,
                taskwarrior: "project", todoTxt: .sigil("+"), ical: .text("X-TODO-PROJECT"),
                help:
                    """
                    Set the project (dots make a hierarchy: home.garden is inside home); empty for none. As a word: \
                    project:NAME.
                    """
            )
        case .priority:
            FieldSpec(
                kind: .priority, syntax: .keys(["priority", "pri"]), option: FieldOption("priority", "H|M|L"),
                completion: .priorities, taskwarrior: "priority", todoTxt: .priority, ical: .priority,
                help: "Set the priority: H, M or L; empty for none. As a word: priority:H or pri:H.")
        case .due:
            FieldSpec(
                kind: .date, syntax: .keys(["due"]), option: FieldOption("due", "DATE"), completion: .dates,
                taskwarrior: "due", todoTxt: .key("due"), ical: .date("DUE"),
                help: "Set the due date; empty for none. As a word: due:DATE.")
        case .wait:
            FieldSpec(
                kind: .date, syntax: .keys(["wait"]), option: FieldOption("wait", "DATE"), completion: .dates,
                taskwarrior: "wait", todoTxt: .key("t"), ical: .date("X-TODO-WAIT"),
                help: "Hide the todo from the default list until DATE; empty for none. As a word: wait:DATE.")
        case .scheduled:
            FieldSpec(
                kind: .date, syntax: .keys(["scheduled"]), option: FieldOption("scheduled", "DATE"), completion: .dates,
                taskwarrior: "scheduled", ical: .date("DTSTART"),
                help:
                    """
                    Set the date work on the todo can start (+READY once it has come); empty for none. As a word: \
                    scheduled:DATE.
                    """
            )
        case .start:
            FieldSpec(
                kind: .date, syntax: .keys(["start"]), option: FieldOption("start", "DATE"), completion: .dates,
                taskwarrior: "start", ical: .date("X-TODO-START"),
                help:
                    """
                    Set when work on the todo started ('todo start' sets it to now, 'todo stop' and 'todo done' clear \
                    it); empty for none. As a word: start:DATE.
                    """
            )
        case .depends:
            FieldSpec(
                kind: .uuids, merge: .set, syntax: .members(["depends", "dep"]), option: FieldOption("depends", "IDS"),
                completion: .todos, taskwarrior: "depends", todoTxt: .dependencies, ical: .related("DEPENDS-ON"),
                help:
                    """
                    Add dependencies: todos (numbers or UUID prefixes, comma-separated) to be done first; -ID removes \
                    one; empty removes all. As a word: depends:IDS or dep:IDS.
                    """
            )
        case .annotations:
            FieldSpec(
                kind: .annotations, merge: .set, inForm: true, taskwarrior: "annotations",
                ical: .annotations("X-TODO-ANNOTATION"),
                help: "Dated remarks, oldest first ('todo annotate', 'todo denotate').")
        case .recur:
            FieldSpec(
                kind: .word, syntax: .keys(["recur"]), option: FieldOption("recur", "RULE"), filter: .rule,
                completion: .rules,
                taskwarrior: "recur", todoTxt: .recurrence, ical: .rule(otherwise: "X-TODO-RECUR"),
                help:
                    """
                    Repeat the todo: completing it makes the next one. RULE is \(Recurrence.accepted). Needs a due \
                    date; empty ends the series. As a word: recur:RULE.
                    """
            )
        case .until:
            FieldSpec(
                kind: .date, syntax: .keys(["until"]), option: FieldOption("until", "DATE"), completion: .dates,
                taskwarrior: "until", ical: .until(otherwise: "X-TODO-UNTIL"),
                help:
                    """
                    Expire the todo: once DATE has passed, the next command deletes it if open; a series makes no \
                    occurrence due after DATE. Empty for none. As a word: until:DATE.
                    """
            )
        case .series:
            FieldSpec(
                kind: .word, ical: .text("X-TODO-SERIES"),
                help: "The series a recurring todo belongs to: the UUID of its first occurrence.")
        case .anchor:
            FieldSpec(
                kind: .word, ical: .text("X-TODO-ANCHOR"),
                help: "The due date its series counts from, on the clock of its time zone (RFC 9557).")
        case .udas:
            FieldSpec(
                kind: .udas, merge: .perKey, inForm: true, taskwarrior: "uda", ical: .udas("X-TODO-UDA"),
                help: "User-defined attributes ('todo config uda.NAME.type'), each a NAME:VALUE word.")
        }
    }

    /// The fields a person sets (the others todo keeps itself): their options, attribute
    /// words and batch keys.
    public static let settable = allCases.filter { $0.spec.option != nil }

    /// The fields of the edit form: those a person sets, annotations and user-defined attributes.
    public static let editable = allCases.filter { $0.spec.option != nil || $0.spec.inForm }

    /// Whether the state file holds the field on every todo, in the fixed layout the fast
    /// reader knows (the text fields todo began with), or only when it is set.
    public var isAlwaysStored: Bool { spec.kind == .text }

    /// The fields written only when set: what a todo may have beyond name, description and notes.
    public static let attributes = allCases.filter { !$0.isAlwaysStored }

    /// The field whose attribute word starts with `key` and a colon (`pri` is priority).
    public init?(attributeKey key: String) {
        guard let field = Self.allCases.first(where: { $0.spec.syntax?.keys.contains(key) == true }) else { return nil }
        self = field
    }
}

/// One row of the field table.
public struct FieldSpec: Sendable {
    /// What values it holds (its type).
    public var kind: FieldKind
    /// How sync merges it.
    public var merge: MergeRule = .threeWay
    /// How a word among a name's words sets it (`add`, `edit`), if one can.
    public var syntax: AttributeSyntax?
    /// The option that sets it (`--due DATE`); nil for a field todo keeps itself.
    public var option: FieldOption?
    /// How filter terms test it, when its kind does not say (`TodoField.filter` derives the rest).
    public var filter: FieldFilter?
    /// Whether the edit form shows it though no option sets it.
    public var inForm = false
    /// What the shells complete as its value.
    public var completion: FieldCompletion = .text
    /// The attribute of a Taskwarrior task (`task export`) that holds it, if Taskwarrior has
    /// one; for user-defined attributes (`uda`), each is an attribute of the task of its own.
    public var taskwarrior: String?
    /// How a todo.txt line writes it, if todo.txt can.
    public var todoTxt: TodoTxtSyntax?
    /// Where a VTODO (iCalendar, RFC 5545) keeps it.
    public var ical: ICalMapping?
    /// The option's help, one or two sentences.
    public var help: String

    /// Whether its values name other todos (numbers or UUID prefixes given, resolved to
    /// UUIDs against the state file): its kind says.
    public var referencesTodos: Bool {
        switch kind {
        case .uuids: true
        case .text, .tags, .word, .priority, .date, .annotations, .udas: false
        }
    }
}

/// The type of a field's values (see `FieldValue`).
public enum FieldKind: Sendable, Equatable {
    /// Text, empty when unset.
    case text
    /// A set of tags.
    case tags
    /// One word or none.
    case word
    case priority
    /// A `DueDate` or none.
    case date
    /// A set of todos' UUIDs.
    case uuids
    /// A set of `Annotation`s.
    case annotations
    /// Values by name (user-defined attributes).
    case udas
}

/// How a sync merges a field changed on this device and on the server since they last agreed.
public enum MergeRule: Sendable, Equatable {
    /// Changed on one side: that change; changed on both: the server's value, the other a conflict.
    case threeWay
    /// As sets: what either side added is added, what either side removed is removed.
    case set
    /// Each name three-way on its own (user-defined attributes).
    case perKey
}

/// How an attribute word writes a field.
public enum AttributeSyntax: Sendable, Equatable {
    /// `+WORD` adds, `-WORD` removes.
    case signs
    /// `KEY:VALUE` for each key; `KEY:` clears.
    case keys([String])
    /// `KEY:A,B` adds members, `KEY:-A` removes one, `KEY:` removes all.
    case members([String])

    /// The keys written before a colon; none for `signs`.
    public var keys: [String] {
        switch self {
        case .signs: []
        case .keys(let keys), .members(let keys): keys
        }
    }
}

/// `--long VALUE` (and `-s VALUE`).
public struct FieldOption: Sendable {
    public var long: String
    public var short: Character?
    public var valueName: String

    init(_ long: String, short: Character? = nil, _ valueName: String) {
        self.long = long
        self.short = short
        self.valueName = valueName
    }
}

/// How a todo.txt line (github.com/todotxt/todo.txt) writes a field.
public enum TodoTxtSyntax: Sendable, Equatable {
    /// The words of the line that set no other field.
    case text
    /// `(A)` at the start of the line; on a completed line, `pri:A`.
    case priority
    /// A word starting with the character and then the value: `+home`, `@phone`.
    case sigil(Character)
    /// `KEY:VALUE`: `due:2026-12-01`.
    case key(String)
    /// `rec:` as the recurrence add-on writes it (SimpleTask, topydo, sleek): `rec:+1w` from
    /// the due date, `rec:1w` after completion, `b` for weekdays.
    case recurrence
    /// topydo's dependencies, across lines: `id:N` on a todo others depend on, `p:N` on each
    /// todo that depends on it.
    case dependencies
}

/// Where a VTODO (RFC 5545) keeps a field: `TodoICalMapping` reads and writes it so. The
/// properties named `X-TODO-…` are todo's own, for what iCalendar has no place for.
public enum ICalMapping: Sendable, Equatable {
    /// A TEXT property (SUMMARY); a word field's none is no property.
    case text(String)
    /// CATEGORIES, every line of it: a blank in a category is `␣` in a tag.
    case categories
    /// PRIORITY: 1 to 4 is H, 5 M, 6 to 9 L; written 1, 5, 9, and a client's number is kept
    /// while it is in the todo's priority's range.
    case priority
    /// A DATE (a whole day) or DATE-TIME (an instant) property.
    case date(String)
    /// RRULE for a rule by the calendar; the property named for a rule counted from
    /// completion (`+1w`), which iCalendar cannot say.
    case rule(otherwise: String)
    /// The UNTIL of the RRULE that holds the rule, else the property named.
    case until(otherwise: String)
    /// One RELATED-TO with this RELTYPE (RFC 9253) for each todo, by UID.
    case related(String)
    /// One property each: `NAME;X-TODO-AT=20261121T140300Z:text`.
    case annotations(String)
    /// One property each: `NAME;X-TODO-NAME=estimate:3`.
    case udas(String)

    /// The properties, for help: `RRULE (X-TODO-RECUR for a rule from completion)`.
    public var properties: String {
        switch self {
        case .text(let name): name
        case .categories: "CATEGORIES"
        case .priority: "PRIORITY (1-4 H, 5 M, 6-9 L)"
        case .date(let name): name
        case .rule(let otherwise): "RRULE (\(otherwise) for a rule from completion)"
        case .until(let otherwise): "the RRULE's UNTIL (else \(otherwise))"
        case .related(let type): "RELATED-TO;RELTYPE=\(type)"
        case .annotations(let name): "\(name);X-TODO-AT=TIME"
        case .udas(let name): "\(name);X-TODO-NAME=NAME"
        }
    }
}

/// What a shell offers as a field's value.
public enum FieldCompletion: Sendable, Equatable {
    case text, tags, projects, priorities, dates
    /// Todo numbers.
    case todos
    /// A recurrence rule (`Recurrence.names`).
    case rules
}

extension TodoField {
    /// Its case's number: an enum without payloads is stored as it.
    private var ordinal: UInt8 { unsafeBitCast(self, to: UInt8.self) }

    // A raw-value enum otherwise compares and hashes its raw `String` (`RawRepresentable`'s
    // defaults): a tenth of a server's push went to the attribute dictionaries' keys.
    public static func == (lhs: TodoField, rhs: TodoField) -> Bool { lhs.ordinal == rhs.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}
