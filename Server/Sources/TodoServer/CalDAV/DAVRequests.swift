import Foundation

/// What a PROPFIND asks for (RFC 4918 §9.1); an empty body is `allprop`.
enum PropfindRequest: Equatable, Sendable {
    case allProperties
    case propertyNames
    case properties([DAVName])

    static func read(_ body: Data) throws(DAVBodyError) -> PropfindRequest {
        guard !body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .allProperties }
        let root = try DAVXMLReader.read(body)
        guard root.name == .dav("propfind") else { throw DAVBodyError(reason: "a PROPFIND body must be a DAV:propfind element, not \(root.name)") }
        if root.child(.dav("propname")) != nil { return .propertyNames }
        if let prop = root.child(.dav("prop")) { return .properties(prop.children.map(\.name)) }
        if root.child(.dav("allprop")) != nil { return .allProperties }
        throw DAVBodyError(reason: "a DAV:propfind must hold DAV:prop, DAV:propname or DAV:allprop")
    }
}

/// A comp-filter of a calendar-query (RFC 4791 §9.7.1), as far as task lists need it: the
/// component names, and the property tests (`is-not-defined` on COMPLETED, above all).
struct CalendarFilter: Equatable, Sendable {
    /// VCALENDAR, then VTODO (or another component, which matches nothing here).
    var components: [String]
    /// Property name and whether it must be absent (`is-not-defined`) or present.
    var properties: [(name: String, defined: Bool)]
    /// A time-range on the innermost component, as its raw `start` and `end`.
    var timeRange: (start: String?, end: String?)?

    static func == (lhs: CalendarFilter, rhs: CalendarFilter) -> Bool {
        lhs.components == rhs.components && lhs.properties.map(\.name) == rhs.properties.map(\.name)
            && lhs.properties.map(\.defined) == rhs.properties.map(\.defined)
            && lhs.timeRange?.start == rhs.timeRange?.start && lhs.timeRange?.end == rhs.timeRange?.end
    }

    init(components: [String], properties: [(name: String, defined: Bool)] = [], timeRange: (start: String?, end: String?)? = nil) {
        self.components = components
        self.properties = properties
        self.timeRange = timeRange
    }

    /// Reads nested comp-filters from the outermost one.
    init(_ element: DAVElement) {
        var components: [String] = []
        var properties: [(name: String, defined: Bool)] = []
        var timeRange: (start: String?, end: String?)?
        var current: DAVElement? = element
        while let filter = current {
            components.append(filter.attributes["name"]?.uppercased() ?? "")
            for property in filter.children(.caldav("prop-filter")) {
                let name = property.attributes["name"]?.uppercased() ?? ""
                properties.append((name, property.child(.caldav("is-not-defined")) == nil))
            }
            if let range = filter.child(.caldav("time-range")) { timeRange = (range.attributes["start"], range.attributes["end"]) }
            current = filter.child(.caldav("comp-filter"))
        }
        self.init(components: components, properties: properties, timeRange: timeRange)
    }
}

/// A REPORT's body (RFC 4791 §7.8, §7.9; RFC 6578 §3.2).
enum ReportRequest: Equatable, Sendable {
    case multiget(properties: [DAVName], hrefs: [String])
    case query(properties: [DAVName], filter: CalendarFilter?)
    /// `token` empty: the initial sync. `limit` from DAV:limit/DAV:nresults.
    case syncCollection(token: String, properties: [DAVName], limit: Int?)

    static func read(_ body: Data) throws(DAVBodyError) -> ReportRequest {
        let root = try DAVXMLReader.read(body)
        let properties = root.child(.dav("prop"))?.children.map(\.name) ?? []
        switch root.name {
        case .caldav("calendar-multiget"):
            return .multiget(properties: properties, hrefs: root.children(.dav("href")).map(\.trimmedText))
        case .caldav("calendar-query"):
            return .query(properties: properties, filter: root.child(.caldav("filter"))?.child(.caldav("comp-filter")).map(CalendarFilter.init))
        case .dav("sync-collection"):
            let level = root.child(.dav("sync-level"))?.trimmedText ?? "1"
            guard level == "1" else { throw DAVBodyError(reason: "only sync-level 1 is supported: a task list has no members below it") }
            var limit: Int?
            if let text = root.child(.dav("limit"))?.child(.dav("nresults"))?.trimmedText {
                guard let value = Int(text), value > 0 else { throw DAVBodyError(reason: "DAV:nresults must be a positive number") }
                limit = value
            }
            return .syncCollection(token: root.child(.dav("sync-token"))?.trimmedText ?? "", properties: properties, limit: limit)
        default:
            throw DAVBodyError(reason: "the REPORT \(root.name) is not supported (calendar-multiget, calendar-query and sync-collection are)")
        }
    }
}
