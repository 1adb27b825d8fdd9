import TodoCore

/// How far a device may move its feed cursor past its own pushes without reading them back.
///
/// The server hands out each revision once, one per write. When every revision after the
/// cursor up to some `r` was answered to this device's own applied operations, the feed holds
/// nothing up to `r` but what the device wrote and already holds, in whatever order its pushes
/// reached the server. A revision written by anyone else leaves a gap the cursor stops at, so
/// the next pull reads from there.
struct OwnRevisions {
    private(set) var cursor: Int64
    /// Revisions of applied answers past the cursor, waiting for the gap before them to fill.
    private var ahead: Set<Int64> = []

    init(after cursor: Int64) {
        self.cursor = cursor
    }

    mutating func note(_ outcomes: [PushOutcome]) {
        for case .applied(_, let rev) in outcomes where rev > cursor { ahead.insert(rev) }
        while ahead.remove(cursor + 1) != nil { cursor += 1 }
    }
}
