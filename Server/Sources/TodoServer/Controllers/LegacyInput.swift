import Foundation
import TodoWire
import Vapor

/// The fields of a legacy request, read from its headers.
struct LegacyInput {
    let headers: HTTPHeaders

    init(request: Request) { headers = request.headers }

    /// The fields a legacy request sends; those it leaves out keep their stored values
    /// (or take defaults on a new todo).
    struct Patch {
        var name: String?
        var description: String?
        var notes: String?
        var completed: Bool?

        func applied(to current: TodoFields?, at now: Date) -> TodoFields {
            let completed = self.completed ?? current?.completed ?? false
            return TodoFields(
                name: name ?? current?.name ?? "", description: description ?? current?.description ?? "",
                notes: notes ?? current?.notes ?? "", completed: completed,
                createdAt: current?.createdAt ?? now, updatedAt: now,
                completedAt: completed ? (current?.completedAt ?? now) : nil)
        }
    }

    /// The value of header `name`. Header bytes that are not UTF-8 reach us as U+FFFD; such a
    /// request is refused rather than stored with its text corrupted.
    func value(_ name: String) throws -> String? {
        guard let value = headers.first(name: name) else { return nil }
        guard !value.contains("\u{FFFD}") else {
            throw Abort(.badRequest, reason: "header \(name) is not valid UTF-8 text")
        }
        return value
    }

    /// The `id` header: a non-negative integer below 2^53 (exact in every JSON reader).
    func id() throws -> Int64? {
        guard let text = try value("id")?.trimmingCharacters(in: .whitespaces),
            let id = Int64(text), id >= 0, id < UserModel.legacyIdLimit
        else { return nil }
        return id
    }

    /// All of name, description, notes, completed and synced are optional here (the book's
    /// own curl examples leave some out); a boolean that is not one of the book's spellings
    /// makes the request invalid (nil). `synced` is checked but not stored: what the server
    /// holds is synced by definition.
    func patch() throws -> Patch? {
        var patch = Patch(name: try value("name"), description: try value("description"), notes: try value("notes"))
        if let text = try value("completed") {
            guard let completed = Self.bool(text) else { return nil }
            patch.completed = completed
        }
        if let text = try value("synced"), Self.bool(text) == nil { return nil }
        return patch
    }

    /// The book's `toBool()`.
    static func bool(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces) {
        case "True", "true", "yes", "1": return true
        case "False", "false", "no", "0": return false
        default: return nil
        }
    }
}
