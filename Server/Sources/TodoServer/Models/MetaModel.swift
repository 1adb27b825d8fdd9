import Fluent
import Foundation

/// One row, written by the first migration: the dataset id that tells clients which database
/// they are talking to (a new id means the server's data was reset or replaced).
final class MetaModel: Model, @unchecked Sendable {
    static let schema = "server_meta"

    @ID(key: .id) var id: UUID?
    @Field(key: "created_at_ms") var createdAtMs: Int64

    init() {}

    init(now: Date) {
        self.id = UUID()
        self.createdAtMs = Int64((now.timeIntervalSince1970 * 1000).rounded())
    }
}
