import Fluent
import Vapor

extension DAVBodyError: AbortError {
    var status: HTTPResponseStatus { .badRequest }
}

/// How members' texts are made: through the application's cache, for one user.
struct ServedText {
    let cache: ServedTextCache
    let user: UUID

    init(_ request: Request, user: AuthenticatedUser) {
        cache = ServedTextCache.of(request.application)
        self.user = user.id
    }

    func text(_ record: StoredRecord, _ object: CalDAVObject?) throws -> String {
        try cache.text(ServedTextCache.Key(user: user, uuid: record.uuid, rev: record.rev)) {
            try CalDAVResources.served(record, object)
        }
    }
}

/// The properties of each kind of resource of the CalDAV face, and how a PROPFIND's question
/// picks among them. A property asked for that a resource lacks is answered under 404 (iOS
/// asks for dozens).
enum DAVProperties {
    typealias Properties = [(DAVName, DAVValue)]

    /// The sync-token of a user's list at revision `rev`: a URI (RFC 6578 §3.1).
    static func syncToken(_ rev: Int64) -> String { "http://todo-server/ns/sync/\(rev)" }

    /// The revision a sync-token names: 0 for the empty token of a first sync; nil for one
    /// this server did not write.
    static func revision(ofSyncToken token: String) -> Int64? {
        if token.isEmpty { return 0 }
        let prefix = syncToken(0).dropLast()
        guard token.hasPrefix(prefix), let rev = Int64(token.dropFirst(prefix.count)), rev >= 0 else { return nil }
        return rev
    }

    /// An answer naming the precondition a request failed (RFC 4918 §16): `<D:error>` with it.
    static func precondition(_ status: HTTPResponseStatus, _ name: DAVName, _ reason: String) -> Response {
        let (open, _) = MultistatusWriter.tags(name)
        let body =
            #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
            + #"<D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"# + open.dropLast() + "/>"
            + "<D:responsedescription>\(MultistatusWriter.escape(reason))</D:responsedescription></D:error>\n"
        return Response(
            status: status, headers: ["Content-Type": "application/xml; charset=utf-8"], body: .init(string: body))
    }

    static func root(user: String) -> Properties {
        [
            (.dav("resourcetype"), .elements([.dav("collection")])),
            (.dav("current-user-principal"), .hrefs([CalDAVController.home(user)]))
        ]
    }

    static func principal(user: String) -> Properties {
        [
            (.dav("resourcetype"), .elements([.dav("collection"), .dav("principal")])),
            (.dav("displayname"), .text(user)),
            (.dav("current-user-principal"), .hrefs([CalDAVController.home(user)])),
            (.dav("principal-URL"), .hrefs([CalDAVController.home(user)])),
            (.caldav("calendar-home-set"), .hrefs([CalDAVController.home(user)])),
            (.caldav("calendar-user-address-set"), .hrefs([])),
            (.dav("current-user-privilege-set"), .privileges([.dav("read")]))
        ]
    }

    /// The user's task list at revision `lastRev`: its ctag and sync-token.
    static func list(user: AuthenticatedUser, lastRev: Int64) -> Properties {
        [
            (.dav("resourcetype"), .elements([.dav("collection"), .caldav("calendar")])),
            (.dav("displayname"), .text("Tasks")),
            (.caldav("supported-calendar-component-set"), .components(["VTODO"])),
            (.calendarServer("getctag"), .text(String(lastRev))),
            (.dav("sync-token"), .text(syncToken(lastRev))),
            (
                .dav("supported-report-set"),
                .reports([.caldav("calendar-multiget"), .caldav("calendar-query"), .dav("sync-collection")])
            ),
            (.dav("current-user-privilege-set"), .privileges(listPrivileges)),
            (.dav("current-user-principal"), .hrefs([CalDAVController.home(user.name)])),
            (.dav("owner"), .hrefs([CalDAVController.home(user.name)]))
        ]
    }

    /// A todo of the list: its ETag is its revision. Its text (`calendar-data`) only when
    /// asked for by name (never in `allprop`): it is the costly one.
    static func member(_ record: StoredRecord, object: CalDAVObject?, asked: PropfindRequest, served: ServedText) throws
        -> Properties
    {
        var properties = member(rev: record.rev)
        if wantsData(asked) {
            properties.append((.caldav("calendar-data"), .calendarData(try served.text(record, object))))
        }
        return properties
    }

    /// The properties every todo of the list has, in this order; its text besides.
    static func member(rev: Int64) -> Properties {
        [
            (.dav("resourcetype"), .elements([])),
            (.dav("getetag"), .text(etag(rev))),
            (.dav("getcontenttype"), .text("text/calendar; charset=utf-8; component=VTODO"))
        ]
    }

    /// What a user may do in their list: without write privileges Thunderbird makes it read-only.
    static let listPrivileges: [DAVName] = [
        .dav("read"), .dav("write"), .dav("write-content"), .dav("write-properties"), .dav("bind"), .dav("unbind"),
        .dav("read-current-user-privilege-set")
    ]

    /// Whether `asked` names calendar-data (then the members' kept texts are read).
    static func wantsData(_ asked: PropfindRequest) -> Bool {
        if case .properties(let names) = asked { return names.contains(.caldav("calendar-data")) }
        return false
    }

    /// The kept texts of `records` when `asked` wants calendar-data, else none.
    static func texts(
        for records: [StoredRecord], asked: PropfindRequest, user: AuthenticatedUser, on db: any WriteConnection
    ) async throws -> [UUID: CalDAVObject] {
        guard wantsData(asked) else { return [:] }
        return try await CalDAVObjects.read(db, userID: user.id, uuids: Set(records.filter { !$0.deleted }.map(\.uuid)))
    }

    static func etag(_ rev: Int64) -> String { "\"\(rev)\"" }

    /// Writes the response of one resource: what `asked` names, found or missing.
    static func write(
        _ properties: Properties, href: String, asked: PropfindRequest, to writer: inout MultistatusWriter
    ) {
        switch asked {
        case .allProperties:
            writer.response(href: href, found: properties)
        case .propertyNames:
            writer.response(href: href, found: properties.map { ($0.0, .text("")) })
        case .properties(let names):
            var found: Properties = []
            var missing: [DAVName] = []
            for name in names {
                if let value = properties.first(where: { $0.0 == name })?.1 {
                    found.append((name, value))
                } else {
                    missing.append(name)
                }
            }
            writer.response(href: href, found: found, missing: missing)
        }
    }

    /// A 207 answer with `body`'s bytes.
    static func multistatus(_ body: [UInt8]) -> Response {
        Response(
            status: .multiStatus, headers: ["Content-Type": "application/xml; charset=utf-8"],
            body: .init(buffer: ByteBuffer(bytes: body)))
    }
}
