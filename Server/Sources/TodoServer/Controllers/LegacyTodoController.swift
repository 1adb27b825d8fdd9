import Fluent
import TodoWire
import Vapor

/// The seed book's API (see API.md, "Legacy API"): fields travel in request headers, answers
/// are JSON arrays of todos or `{"message": ...}`. It acts on the todos of one configured user,
/// through the same write path as v1 (`UserWrite`), so each change counts against the quota,
/// takes a revision and shows in the feed.
struct LegacyTodoController {
    let userName: String

    struct LegacyTodo: Content {
        let id: Int64
        let name: String
        let description: String
        let notes: String
        let completed: Bool
        /// Everything the server returns is, by definition, synced with the server.
        let synced: Bool
    }

    struct Message: Content {
        let message: String
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static let mandatory = "Please include mandatory parameters"
    static let needId = "Please provide the id of todo item"

    func postTodo(request: Request) async throws -> Response {
        let (user, input) = try await (legacyUser(request), LegacyInput(request: request))
        guard let id = try input.id(), let patch = try input.patch(), patch.name != nil else {
            return try message(Self.mandatory, .badRequest)
        }
        try await withUserWrite(
            on: request.db, queue: request.writerQueue, userID: user, quota: request.quota, at: request.now
        ) { write in
            // Posting the id of a tombstone brings it back, with none of its old content.
            let existing = try await write.record(legacyId: id)
            let fields = patch.applied(to: existing?.fields, at: write.now)
            try Self.check(fields)
            try await write.put(existing?.uuid ?? UUID(), fields, legacyId: id)
        }
        return try await todos(request: request)
    }

    func todos(request: Request) async throws -> Response {
        let user = try await legacyUser(request)
        let rows = try await TodoModel.query(on: request.db)
            .filter(\.$userID == user).filter(\.$deleted == false).filter(\.$legacyId != nil)
            .sort(\.$legacyId).all()
        return try json(rows.compactMap(Self.legacy))
    }

    func todo(request: Request) async throws -> Response {
        let user = try await legacyUser(request)
        guard let id = try LegacyInput(request: request).id() else {
            return try message(Self.needId, .badRequest)
        }
        let row = try await TodoModel.query(on: request.db)
            .filter(\.$userID == user).filter(\.$legacyId == id).filter(\.$deleted == false).first()
        return try json([row].compactMap { $0.flatMap(Self.legacy) })
    }

    func deleteTodo(request: Request) async throws -> Response {
        let user = try await legacyUser(request)
        guard let id = try LegacyInput(request: request).id() else {
            return try message(Self.needId, .badRequest)
        }
        try await withUserWrite(
            on: request.db, queue: request.writerQueue, userID: user, quota: request.quota, at: request.now
        ) { write in
            guard let record = try await write.record(legacyId: id), !record.deleted else { return }
            try await write.delete(record.uuid)
        }
        return try message("Item is deleted")
    }

    func deleteAll(request: Request) async throws -> Response {
        let user = try await legacyUser(request)
        try await withUserWrite(
            on: request.db, queue: request.writerQueue, userID: user, quota: request.quota, at: request.now
        ) { write in
            for record in try await write.liveRecords() { try await write.delete(record.uuid) }
        }
        return try message("All items are deleted")
    }

    func updateTodo(request: Request) async throws -> Response {
        let (user, input) = try await (legacyUser(request), LegacyInput(request: request))
        guard let id = try input.id(), let patch = try input.patch() else {
            return try message(Self.mandatory, .badRequest)
        }
        let found = try await withUserWrite(
            on: request.db, queue: request.writerQueue, userID: user, quota: request.quota, at: request.now
        ) { write in
            guard let record = try await write.record(legacyId: id), !record.deleted else { return false }
            let fields = patch.applied(to: record.fields, at: write.now)
            try Self.check(fields)
            try await write.put(record.uuid, fields)
            return true
        }
        return found ? try message("Item is updated") : try message("Item not found", .notFound)
    }

    // MARK: helpers

    private func legacyUser(_ request: Request) async throws -> UUID {
        guard let user = try await UserModel.query(on: request.db).filter(\.$name == userName).first(),
            let id = user.id
        else {
            throw Abort(
                .serviceUnavailable,
                reason: "TODO_LEGACY_USER=\(userName) but no such user; run: todo-server user add \(userName)")
        }
        guard user.disabledAtMs == nil else { throw Abort(.forbidden, reason: "this account is disabled") }
        return id
    }

    private static func check(_ fields: TodoFields) throws {
        if let problem = fields.problem {
            throw Abort(.badRequest, reason: problem.message)
        }
    }

    private static func legacy(_ model: TodoModel) -> LegacyTodo? {
        guard let id = model.legacyId, !model.deleted else { return nil }
        return LegacyTodo(
            id: id, name: model.name, description: model.descriptionText, notes: model.notes,
            completed: model.completed, synced: true)
    }

    private func json(_ todos: [LegacyTodo]) throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: try Self.encoder.encode(todos)))
    }

    private func message(_ text: String, _ status: HTTPStatus = .ok) throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(
            status: status, headers: headers, body: .init(data: try Self.encoder.encode(Message(message: text))))
    }
}
