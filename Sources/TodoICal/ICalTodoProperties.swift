/// The properties of a VTODO (RFC 5545, section 3.6.2) that todo maps, typed. Each setter
/// follows `ICalAccess`'s rules: only that property changes, and only when its value does.
extension ICalComponent {
    public var uid: String? {
        get { text("UID") }
        set { setText(newValue, for: "UID") }
    }

    public var summary: String? {
        get { text("SUMMARY") }
        set { setText(newValue, for: "SUMMARY") }
    }

    /// DESCRIPTION (named so as not to be taken for Swift's `description`).
    public var descriptionText: String? {
        get { text("DESCRIPTION") }
        set { setText(newValue, for: "DESCRIPTION") }
    }

    /// STATUS, uppercased: `NEEDS-ACTION`, `IN-PROCESS`, `COMPLETED`, `CANCELLED`.
    public var status: String? {
        get { property("STATUS")?.value.trimmingSpaces.uppercased() }
        set {
            if newValue.map({ status?.equalsIgnoringCase($0) == true }) == true { return }
            setValue(newValue, for: "STATUS")
        }
    }

    /// PERCENT-COMPLETE, 0 to 100.
    public var percentComplete: Int? {
        get { integer("PERCENT-COMPLETE") }
        set { setInteger(newValue, for: "PERCENT-COMPLETE") }
    }

    /// PRIORITY: 1 (highest) to 9 (lowest); 0 is none.
    public var priority: Int? {
        get { integer("PRIORITY") }
        set { setInteger(newValue, for: "PRIORITY") }
    }

    public var due: ICalDateValue? {
        get { date("DUE") }
        set { setDate(newValue, for: "DUE") }
    }

    /// DTSTART.
    public var start: ICalDateValue? {
        get { date("DTSTART") }
        set { setDate(newValue, for: "DTSTART") }
    }

    /// COMPLETED: when it was done (a UTC DATE-TIME in RFC 5545).
    public var completed: ICalDateValue? {
        get { date("COMPLETED") }
        set { setDate(newValue, for: "COMPLETED") }
    }

    public var created: ICalDateValue? {
        get { date("CREATED") }
        set { setDate(newValue, for: "CREATED") }
    }

    public var lastModified: ICalDateValue? {
        get { date("LAST-MODIFIED") }
        set { setDate(newValue, for: "LAST-MODIFIED") }
    }

    /// DTSTAMP.
    public var timestamp: ICalDateValue? {
        get { date("DTSTAMP") }
        set { setDate(newValue, for: "DTSTAMP") }
    }

    /// RECURRENCE-ID: which occurrence of a series an override stands for.
    public var recurrenceID: ICalDateValue? {
        get { date("RECURRENCE-ID") }
        set { setDate(newValue, for: "RECURRENCE-ID") }
    }

    /// RRULE.
    public var recurrenceRule: ICalRecurrenceRule? {
        get { property("RRULE").map { ICalRecurrenceRule(text: $0.value) } }
        set { setValue(newValue?.text, for: "RRULE") }
    }

    /// The properties whose names start with `X-`, in order.
    public var xProperties: [ICalProperty] {
        properties.filter { $0.name.utf8.starts(with: "X-".utf8) || $0.name.utf8.starts(with: "x-".utf8) }
    }

    /// The values of every CATEGORIES property, in order (a list each: `a\,b,c` is two).
    public var categories: [String] {
        get { properties(named: "CATEGORIES").flatMap { ICalText.splitList($0.value) } }
        set { setCategories(newValue) }
    }

    /// Makes the CATEGORIES properties hold `values` (as a set): each line holding only values
    /// kept is left as it is, values no longer wanted are taken out of their lines (an emptied
    /// line goes), and new values join the last line left, or a new one.
    public mutating func setCategories(_ values: [String]) {
        var wanted: [String] = []
        for value in values where !wanted.contains(value) { wanted.append(value) }
        var seen: Set<String> = []
        var kept: [ICalProperty] = []
        var lastLine: Int?
        for property in properties {
            guard property.is("CATEGORIES") else { kept.append(property); continue }
            let old = ICalText.splitList(property.value)
            let stay = old.filter { wanted.contains($0) && seen.insert($0).inserted }
            guard !stay.isEmpty else { continue }
            var line = property
            if stay != old { line.value = ICalText.joinList(stay) }
            lastLine = kept.count
            kept.append(line)
        }
        let missing = wanted.filter { !seen.contains($0) }
        if !missing.isEmpty {
            if let lastLine {
                kept[lastLine].value = ICalText.joinList(ICalText.splitList(kept[lastLine].value) + missing)
            } else {
                kept.append(ICalProperty(name: "CATEGORIES", value: ICalText.joinList(missing)))
            }
        }
        if kept != properties { properties = kept }
    }
}
