import Foundation

/// What a PROPFIND asks for (RFC 4918 §9.1); an empty body is `allprop`.
enum PropfindRequest: Equatable, Sendable {
    case allProperties
    case propertyNames
    case properties([DAVName])

    static func read(_ body: Data) throws(DAVBodyError) -> PropfindRequest {
        guard !body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .allProperties }
        let root = try DAVXMLReader.read(body)
        guard root.name == .dav("propfind") else {
            throw DAVBodyError(reason: "a PROPFIND body must be a DAV:propfind element, not \(root.name)")
        }
        if root.child(.dav("propname")) != nil { return .propertyNames }
        if let prop = root.child(.dav("prop")) { return .properties(prop.children.map(\.name)) }
        if root.child(.dav("allprop")) != nil { return .allProperties }
        throw DAVBodyError(reason: "a DAV:propfind must hold DAV:prop, DAV:propname or DAV:allprop")
    }
}

/// A calendar-query's filter (RFC 4791 §9.7): nested comp-filters, the property tests and the
/// time-range of the innermost one (`CalDAVQuery` applies it). What this server cannot apply
/// (a param-filter, a time-range on a property, a comp-filter below VTODO) is named in
/// `unsupported`, and the query is refused with `C:supported-filter` rather than answered
/// wrongly.
struct CalendarFilter: Equatable, Sendable {
    /// VCALENDAR, then VTODO (or another component, which matches nothing here).
    var components: [String]
    var properties: [PropertyFilter]
    /// A time-range on the innermost component, as its raw `start` and `end`.
    var timeRange: TimeRange?
    var unsupported: String?

    struct TimeRange: Equatable, Sendable {
        var start: String?
        var end: String?
    }

    /// A prop-filter: the property defined or not, and optionally a text-match on its value.
    struct PropertyFilter: Equatable, Sendable {
        var name: String
        var defined: Bool
        var textMatch: TextMatch? = nil
    }

    /// A text-match (RFC 4791 §9.7.5): a substring, case-insensitive unless the collation is
    /// `i;octet`.
    struct TextMatch: Equatable, Sendable {
        var text: String
        var negate = false
        var caseless = true
    }

    init(
        components: [String], properties: [PropertyFilter] = [], timeRange: TimeRange? = nil, unsupported: String? = nil
    ) {
        self.components = components
        self.properties = properties
        self.timeRange = timeRange
        self.unsupported = unsupported
    }

    /// Reads nested comp-filters from the outermost one.
    init(_ element: DAVElement) {
        self.init(components: [])
        var current: DAVElement? = element
        while let filter = current {
            components.append(filter.attributes["name"]?.uppercased() ?? "")
            if filter.child(.caldav("is-not-defined")) != nil, unsupported == nil {
                unsupported = "is-not-defined on a component"
            }
            for property in filter.children(.caldav("prop-filter")) { read(property) }
            if let range = filter.child(.caldav("time-range")) {
                timeRange = TimeRange(start: range.attributes["start"], end: range.attributes["end"])
            }
            current = filter.child(.caldav("comp-filter"))
        }
        if components.count > 2, unsupported == nil {
            unsupported = "a comp-filter below VTODO (\(components.dropFirst(2).joined(separator: ", ")))"
        }
    }

    private mutating func read(_ property: DAVElement) {
        let name = property.attributes["name"]?.uppercased() ?? ""
        if property.child(.caldav("param-filter")) != nil || property.child(.caldav("time-range")) != nil {
            unsupported = unsupported ?? "a param-filter or time-range on \(name)"
        }
        var match: TextMatch?
        if let text = property.child(.caldav("text-match")) {
            let collation = text.attributes["collation"] ?? "i;ascii-casemap"
            guard ["i;ascii-casemap", "i;unicode-casemap", "i;octet"].contains(collation) else {
                unsupported = unsupported ?? "the collation \(collation)"
                return
            }
            match = TextMatch(
                text: text.text, negate: text.attributes["negate-condition"] == "yes", caseless: collation != "i;octet")
        }
        properties.append(
            PropertyFilter(name: name, defined: property.child(.caldav("is-not-defined")) == nil, textMatch: match))
    }
}

/// A REPORT's body (RFC 4791 §7.8, §7.9; RFC 6578 §3.2).
enum ReportRequest: Equatable, Sendable {
    case multiget(properties: [DAVName], hrefs: [String])
    case query(properties: [DAVName], filter: CalendarFilter?)
    /// `token` empty: the initial sync. `limit` from DAV:limit/DAV:nresults.
    case syncCollection(token: String, properties: [DAVName], limit: Int?)
    /// Any other REPORT: 403 with `DAV:supported-report` (RFC 3253 §3.6).
    case unsupported(DAVName)

    static func read(_ body: Data) throws(DAVBodyError) -> ReportRequest {
        let root = try DAVXMLReader.read(body)
        let properties = root.child(.dav("prop"))?.children.map(\.name) ?? []
        switch root.name {
        case .caldav("calendar-multiget"):
            return .multiget(properties: properties, hrefs: root.children(.dav("href")).map(\.trimmedText))
        case .caldav("calendar-query"):
            return .query(
                properties: properties,
                filter: root.child(.caldav("filter"))?.child(.caldav("comp-filter")).map(CalendarFilter.init))
        case .dav("sync-collection"):
            let level = root.child(.dav("sync-level"))?.trimmedText ?? "1"
            guard level == "1" else {
                throw DAVBodyError(reason: "only sync-level 1 is supported: a task list has no members below it")
            }
            var limit: Int?
            if let text = root.child(.dav("limit"))?.child(.dav("nresults"))?.trimmedText {
                guard let value = Int(text), value > 0 else {
                    throw DAVBodyError(reason: "DAV:nresults must be a positive number")
                }
                limit = value
            }
            return .syncCollection(
                token: root.child(.dav("sync-token"))?.trimmedText ?? "", properties: properties, limit: limit)
        default:
            return .unsupported(root.name)
        }
    }
}
