import Foundation

/// A `PushResponse` written as JSON from stored results, for the server: each result's JSON is
/// written once (`result`), kept for replies to retries, and copied into the answer unparsed.
public struct PushResponseWriter {
    private var out = JSONWriter(capacity: 16 * 1024, spacing: .compact)
    private var count = 0

    public init() {
        out.raw(#"{"#)
    }

    /// One `PushResult`. `record` nil is a conflict on a uuid the server has no record of.
    public static func result(
        opId: UUID, status: PushResult.Status,
        record: (uuid: String, rev: Int64, deleted: Bool, content: FeedWriter.Content?)?
    ) -> [UInt8] {
        var out = JSONWriter(capacity: 512, spacing: .compact)
        out.raw(#"{"opId":"#)
        out.uppercaseUUID(opId)
        if let record {
            out.raw(#","record":"#)
            out.record(uuid: record.uuid, rev: record.rev, deleted: record.deleted, content: record.content)
        }
        out.raw(#","status":"#)
        out.quoted(status.rawValue)
        out.raw("}")
        return out.bytes
    }

    /// Appends one result's JSON, as `result` wrote it (or `WireJSON.encoder`, the same).
    public mutating func append(result json: some Sequence<UInt8>) {
        out.raw(count == 0 ? #""results":["# : ",")
        count += 1
        out.raw(json)
    }

    /// Closes the response; the writer is then spent.
    public consuming func finish(datasetId: UUID, cursor: Int64, feedCursor: Int64?) -> [UInt8] {
        if count == 0 { out.raw(#""results":["#) }
        out.raw(#"],"cursor":"#)
        out.int(cursor)
        out.raw(#","datasetId":"#)
        out.uppercaseUUID(datasetId)
        if let feedCursor {
            out.raw(#","feedCursor":"#)
            out.int(feedCursor)
        }
        out.raw("}")
        return out.bytes
    }
}
