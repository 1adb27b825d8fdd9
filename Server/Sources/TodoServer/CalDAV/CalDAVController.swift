import Fluent
import TodoICalMapping
import Vapor

/// The CalDAV face's discovery and listing (RFC 4791, RFC 4918): `/.well-known/caldav`, OPTIONS,
/// and PROPFIND on the DAV root, the user's principal (which is also their calendar home) and
/// their one task list. Each user has one list, `/dav/USER/tasks/`, holding every todo.
struct CalDAVController {
    static let root = "/dav/"
    static let listName = "tasks"
    /// What OPTIONS announces: DAVx5 rejects a server without calendar-access.
    static let davCompliance = "1, 3, calendar-access"
    static let allowed = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT"

    /// RFC 6764 §5: the well-known address sends clients to the DAV root.
    @Sendable static func wellKnown(request: Request) async throws -> Response {
        Response(status: .movedPermanently, headers: ["Location": root, "Content-Length": "0"])
    }

    @Sendable static func options(request: Request) async throws -> Response {
        Response(status: .ok, headers: ["DAV": Self.davCompliance, "Allow": Self.allowed, "Content-Length": "0"])
    }

    /// The DAV root: where clients given only the server's address start.
    func propfindRoot(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        let asked = try PropfindRequest.read(request.bodyData)
        var writer = MultistatusWriter()
        DAVProperties.write(DAVProperties.root(user: user.name), href: Self.root, asked: asked, to: &writer)
        return DAVProperties.multistatus(writer.finish())
    }

    /// The user's principal, which is also their calendar home: depth 1 lists the task list.
    func propfindPrincipal(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        try Self.requireOwn(request, user)
        let asked = try PropfindRequest.read(request.bodyData)
        var writer = MultistatusWriter()
        DAVProperties.write(
            DAVProperties.principal(user: user.name), href: Self.home(user.name), asked: asked, to: &writer)
        if try Self.depth(request) > 0 {
            let revs = try await UserRevs.of(user, on: request.reads)
            DAVProperties.write(
                DAVProperties.list(user: user, lastRev: revs.lastRev), href: Self.list(user.name), asked: asked,
                to: &writer)
        }
        return DAVProperties.multistatus(writer.finish())
    }

    /// The task list: depth 1 lists each todo with its ETag, from the user's listing
    /// (`ListingCache`).
    func propfindList(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        try Self.requireOwn(request, user)
        guard request.parameters.get("list") == Self.listName else {
            throw Abort(.notFound, reason: "no such collection")
        }
        let asked = try PropfindRequest.read(request.bodyData)
        let revs = try await UserRevs.of(user, on: request.reads)
        var writer = MultistatusWriter()
        DAVProperties.write(
            DAVProperties.list(user: user, lastRev: revs.lastRev), href: Self.list(user.name), asked: asked, to: &writer
        )
        if try Self.depth(request) > 0 {
            try await AnswerBuilds.of(request.application).making(AnswerBuilds.estimate(user)) {
                let listing = try await ListingCache.of(request.application).listing(
                    request.reads, user: user, rev: revs.lastRev)
                let answers = listing.members.map { MemberAnswer(href: $0.href, member: $0) }
                try await CalDAVMembers.write(answers, asked: asked, user: user, request: request, to: &writer)
            }
        }
        return DAVProperties.multistatus(writer.finish())
    }

    static func home(_ user: String) -> String { root + percentEncoded(user) + "/" }
    static func list(_ user: String) -> String { home(user) + listName + "/" }

    /// The name this server gives the todo `uuid` in its list: `<uuid>.ics`.
    static func serverName(of uuid: UUID) -> String { UUIDText.text(uuid).lowercased() + ".ics" }

    /// The resource name an href names in the user's list (a full URL's path too), decoded.
    static func name(inHref href: String, user: String) -> String? { name(inHref: href, list: list(user)) }

    /// The resource name an href names in the list at path `list`, decoded.
    static func name(inHref href: String, list: String) -> String? {
        // Most clients send paths: only a full URL goes through URLComponents.
        let path = href.hasPrefix("/") ? href : URLComponents(string: href)?.percentEncodedPath ?? href
        guard path.hasPrefix(list) else { return nil }
        let name = String(decoding: path.utf8.dropFirst(list.utf8.count), as: UTF8.self)
        // Byte by byte: String's contains(_:) of a String goes through Foundation's NSString.
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return name.utf8.contains(UInt8(ascii: "%")) ? name.removingPercentEncoding ?? name : name
    }

    /// A path segment as an href writes it (`/` and what a URL path cannot hold, escaped).
    static func percentEncoded(_ segment: String) -> String {
        // Names are mostly plain: only those with other bytes pay for Foundation's encoder.
        let plain = segment.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F
        }
        return plain ? segment : segment.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? segment
    }

    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

    /// A user sees only their own collections; another user's path is as absent as a wrong one.
    static func requireOwn(_ request: Request, _ user: AuthenticatedUser) throws {
        guard request.parameters.get("user") == user.name else { throw Abort(.notFound, reason: "no such principal") }
    }

    /// The Depth header: 0 or 1 (absent, or `infinity`, is read as 1: a list has no deeper members).
    static func depth(_ request: Request) throws -> Int {
        switch request.headers.first(name: "Depth")?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "0": 0
        case nil, "1", "infinity": 1
        case let other?: throw Abort(.badRequest, reason: "Depth must be 0, 1 or infinity, not \(other)")
        }
    }
}

extension Request {
    /// The database for the CalDAV face's reads, through the same row readers as the write path.
    var reads: any WriteConnection { db.reads }

    /// The body a `ReadBody` group collected (empty when none was sent).
    var bodyData: Data {
        body.data.map { Data($0.readableBytesView) } ?? Data()
    }
}

/// The hrefs of one user's todos (under the name a client wrote it, else `<uuid>.ics`), with
/// the list's path worked out once for a whole listing.
struct Hrefs {
    let list: String
    let names: [UUID: String]

    init(user: String, names: [UUID: String]) {
        list = CalDAVController.list(user)
        self.names = names
    }

    func href(of uuid: UUID) -> String {
        if let name = names[uuid] { return list + CalDAVController.percentEncoded(name) }
        return list + CalDAVController.serverName(of: uuid)
    }

    /// The todos an app's name took over, of `rows`: served under it, with a UID that names
    /// another todo (so a client may hold them under `<uuid>.ics` from before).
    static func takenOver(_ rows: some Sequence<ListingRows>, _ db: any WriteConnection, userID: UUID) async throws
        -> Set<UUID>
    {
        let named = Set(
            rows.filter { row in row.name.map { $0 != CalDAVController.serverName(of: row.uuid) } ?? false }.map(\.uuid)
        )
        let uids = try await CalDAVObjects.uids(db, userID: userID, uuids: named)
        return Set(uids.filter { ICalUID.uuid(for: $0.value) != $0.key }.keys)
    }

    /// `<uuid>.ics` in `list` of a todo taken over (`takenOver`), unless another todo holds
    /// that name now (`held`: the names todos are served under).
    static func serverHrefGone(of uuid: UUID, list: String, held: Set<String>) -> String? {
        let own = CalDAVController.serverName(of: uuid)
        guard !held.contains(own) else { return nil }
        return list + own
    }
}

extension Database {
    /// This database through the row readers of the write path (`WriteConnection`).
    var reads: any WriteConnection { FluentWriteConnection(db: self) }
}
