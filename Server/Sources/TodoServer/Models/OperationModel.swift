import Fluent
import Foundation

/// The result of one applied push operation, kept so that a retried `opId` gets the same answer.
final class OperationModel: Model, @unchecked Sendable {
    static let schema = "operations"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "op_id") var opId: UUID
    /// The `PushResult` as WireJSON.
    @Field(key: "result") var result: String
    @Field(key: "created_at_ms") var createdAtMs: Int64

    init() {}

    init(userID: UUID, opId: UUID, result: String, now: Date) {
        self.id = UUID()
        self.userID = userID
        self.opId = opId
        self.result = result
        self.createdAtMs = Int64((now.timeIntervalSince1970 * 1000).rounded())
    }
}
