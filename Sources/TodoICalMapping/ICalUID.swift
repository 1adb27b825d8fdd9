import Foundation

/// A VTODO's UID and a todo's UUID: todo writes a todo's UUID as its UID (lowercase); a UID
/// that is no UUID (`7302857203956831489`, `nc-20260115-8f2e61d0c4`) stands for the
/// name-based UUID (version 5) of the UID in `namespace`, the same on every device.
public enum ICalUID {
    /// The namespace of UIDs that are no UUIDs: fixed once, never to change, or every such
    /// todo would get a new UUID.
    public static let namespace = UUID(uuidString: "4f1c2a7e-9b3d-4e58-a6c1-2d7e0b9f3a15")!

    /// The UUID the UID stands for: itself when it is a UUID (in any case), else its
    /// version 5 UUID in `namespace`.
    public static func uuid(for uid: String) -> UUID {
        UUID(uuidString: uid) ?? UUID(name: uid, namespace: namespace)
    }

    /// The UUID of an override of one occurrence (a VTODO with RECURRENCE-ID): the version 5
    /// UUID of its UID, a space and the RECURRENCE-ID value as written, in `namespace`.
    public static func uuid(for uid: String, occurrence recurrenceID: String) -> UUID {
        UUID(name: uid + " " + recurrenceID, namespace: namespace)
    }

    /// The UID todo writes for a todo.
    public static func uid(for uuid: UUID) -> String { uuid.uuidString.lowercased() }
}
