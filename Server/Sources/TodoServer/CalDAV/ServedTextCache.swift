import Foundation
import NIOConcurrencyHelpers

/// What GET serves of each todo version, kept for the next ask: a text is the same for one
/// (user, todo, revision) whatever asks (`CalDAVResources.served`), and building it parses,
/// patches and writes the kept iCalendar text, which a multiget of hundreds repeats. Bounded:
/// past `budget` bytes of text the cache starts afresh, so memory stays bounded whatever
/// clients ask.
final class ServedTextCache: ApplicationShared {
    static let budget = 16 << 20

    struct Key: Hashable {
        var user: UUID
        var uuid: UUID
        var rev: Int64
    }

    private struct Contents {
        var texts: [Key: String] = [:]
        var bytes = 0
    }

    private let contents = NIOLockedValueBox(Contents())

    /// The text kept for `key`, if it still is.
    func cached(_ key: Key) -> String? { contents.withLockedValue { $0.texts[key] } }

    func text(_ key: Key, orMake make: () throws -> String) rethrows -> String {
        if let text = contents.withLockedValue({ $0.texts[key] }) { return text }
        let text = try make()
        contents.withLockedValue { contents in
            let size = text.utf8.count
            if contents.bytes + size > Self.budget { contents = Contents() }
            if contents.texts.updateValue(text, forKey: key) == nil { contents.bytes += size }
        }
        return text
    }
}
