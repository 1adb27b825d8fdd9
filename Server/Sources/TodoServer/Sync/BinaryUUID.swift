import FluentSQLiteDriver
import Foundation

/// On SQLite every UUID is stored as its 16 bytes (a BLOB), for Fluent's models and the raw
/// statements alike (`SQLValue`); PostgreSQL has a uuid type of its own.
///
/// As text (36 characters, as Fluent stores a UUID by default) each key of the random indexes
/// `todos (user_id, uuid)` and `operations (user_id, op_id)` took 72 bytes where 32 hold it,
/// so the indexes had twice the pages, and a push of 100 todos spent a quarter of SQLite's
/// time comparing and writing them. SQLiteKit converts a value whose type conforms to
/// `SQLiteDataConvertible` with that conformance, so this one decides how Fluent binds and
/// reads every UUID on SQLite. Text is still read, for a database not yet migrated
/// (`BinaryUUIDs`).
extension UUID: @retroactive SQLiteDataConvertible {
    public init?(sqliteData: SQLiteData) {
        switch sqliteData {
        case .blob(let buffer):
            guard let uuid = buffer.withUnsafeReadableBytes(UUID.init(bytes:)) else { return nil }
            self = uuid
        case .text(let text):
            guard let uuid = UUIDText.uuid(text) else { return nil }
            self = uuid
        default:
            return nil
        }
    }

    public var sqliteData: SQLiteData? {
        .blob(withUnsafeBytes(of: uuid) { ByteBuffer(bytes: $0) })
    }

    /// The UUID of exactly 16 bytes, else nil.
    init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 16 else { return nil }
        self.init(uuid: bytes.loadUnaligned(as: uuid_t.self))
    }
}
