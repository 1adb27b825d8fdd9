import Vapor

/// How each todo's response is written for one request's question (its DAV:prop): the markup
/// around its href, ETag and calendar-data, worked out once for a listing of hundreds.
struct MemberTemplate {
    enum Piece {
        case markup([UInt8])
        case etag
        case calendarData
    }

    /// The properties every todo has, but its ETag and calendar-data (`DAVProperties.member`).
    static let fixed = DAVProperties.member(rev: 0).filter { $0.0 != .dav("getetag") }

    private(set) var pieces: [Piece] = []
    let wantsData: Bool

    /// The template of a DAV:prop question; nil for allprop and propname.
    init?(_ asked: PropfindRequest) {
        guard case .properties(let names) = asked else { return nil }
        wantsData = names.contains(.caldav("calendar-data"))
        let known = names.filter { Self.has($0) }
        let missing = names.filter { !Self.has($0) }
        var markup = Array("</D:href>".utf8)
        if !known.isEmpty || missing.isEmpty {
            markup += "<D:propstat><D:prop>".utf8
            for name in known { append(name, to: &markup) }
            markup += "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>".utf8
        }
        if !missing.isEmpty { markup += MultistatusWriter.missing(missing).utf8 }
        markup += "</D:response>".utf8
        pieces.append(.markup(markup))
    }

    private static func has(_ name: DAVName) -> Bool {
        name == .dav("getetag") || name == .caldav("calendar-data") || fixed.contains { $0.0 == name }
    }

    /// Appends the element of `name` to `markup`, or a piece for a member's own value.
    private mutating func append(_ name: DAVName, to markup: inout [UInt8]) {
        let (open, close) = MultistatusWriter.tags(name)
        guard name == .dav("getetag") || name == .caldav("calendar-data") else {
            var writer = MultistatusWriter(bare: ())
            writer.element(name, Self.fixed.first { $0.0 == name }!.1)
            markup += writer.bytes
            return
        }
        markup += open.utf8
        pieces.append(.markup(markup))
        pieces.append(name == .dav("getetag") ? .etag : .calendarData)
        markup = Array(close.utf8)
    }

    /// Writes the response of a todo at revision `rev` under `href` (escaped), with its
    /// calendar-data (escaped) when asked.
    func write(href: [UInt8], rev: Int64, data: [UInt8]?, to writer: inout MultistatusWriter) {
        writer.raw("<D:response><D:href>")
        writer.raw(href)
        for piece in pieces {
            switch piece {
            case .markup(let bytes): writer.raw(bytes)
            case .etag: writer.etag(rev)
            case .calendarData: writer.raw(data ?? [])
            }
        }
    }
}

/// One response of a listing: a todo found under `href` (escaped), or nil for one that is not
/// (404).
struct MemberAnswer {
    var href: [UInt8]
    var member: ListingMember?
}

/// The responses of a list's todos: PROPFIND depth 1, multiget and sync-collection.
enum CalDAVMembers {
    /// Writes `answers` as `asked` wants, reading calendar-data only when asked.
    static func write(
        _ answers: [MemberAnswer], asked: PropfindRequest, user: AuthenticatedUser, request: Request,
        to writer: inout MultistatusWriter
    ) async throws {
        guard let template = MemberTemplate(asked) else {
            for answer in answers { writeGeneric(answer, asked: asked, to: &writer) }
            return
        }
        let data =
            template.wantsData
            ? try await calendarData(answers.compactMap(\.member), user: user, request: request) : [:]
        writer.reserve(answers.count * 200 + data.values.reduce(0) { $0 + $1.count })
        for answer in answers {
            guard let member = answer.member, !template.wantsData || data[member.uuid] != nil else {
                writer.response(escapedHref: answer.href, status: "404 Not Found")
                continue
            }
            template.write(href: answer.href, rev: member.rev, data: data[member.uuid], to: &writer)
        }
    }

    /// An answer to allprop or propname: every property but calendar-data.
    static func writeGeneric(_ answer: MemberAnswer, asked: PropfindRequest, to writer: inout MultistatusWriter) {
        guard let member = answer.member else {
            return writer.response(escapedHref: answer.href, status: "404 Not Found")
        }
        let properties = DAVProperties.member(rev: member.rev)
        if case .propertyNames = asked {
            writer.response(escapedHref: answer.href, found: properties.map { ($0.0, .text("")) })
        } else {
            writer.response(escapedHref: answer.href, found: properties)
        }
    }

    /// The escaped calendar-data of `members`: from the cache, reading the records and kept
    /// texts only of those it lacks.
    static func calendarData(_ members: [ListingMember], user: AuthenticatedUser, request: Request) async throws
        -> [UUID: [UInt8]]
    {
        let cache = ServedTextCache.of(request.application)
        var data: [UUID: [UInt8]] = [:]
        data.reserveCapacity(members.count)
        var missing: [UUID] = []
        for member in members {
            if let escaped = cache.escaped(ServedTextCache.Key(user: user.id, uuid: member.uuid, rev: member.rev)) {
                data[member.uuid] = escaped
            } else {
                missing.append(member.uuid)
            }
        }
        guard !missing.isEmpty else { return data }
        let records = try await RecordRows.read(request.reads, userID: user.id, uuids: missing)
        let objects = try await CalDAVObjects.read(request.reads, userID: user.id, uuids: Set(missing))
        for record in records where !record.deleted {
            let key = ServedTextCache.Key(user: user.id, uuid: record.uuid, rev: record.rev)
            data[record.uuid] = try cache.escaped(key) { try CalDAVResources.served(record, objects[record.uuid]) }
        }
        return data
    }
}

extension MultistatusWriter {
    /// A writer of pieces alone, without the document's head.
    init(bare: ()) {
        self.init()
        removeAll()
    }

    /// A strong ETag of revision `rev`, escaped (`&quot;REV&quot;`).
    mutating func etag(_ rev: Int64) {
        raw("&quot;")
        decimal(rev)
        raw("&quot;")
    }
}
