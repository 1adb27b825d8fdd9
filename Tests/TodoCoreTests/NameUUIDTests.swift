import Foundation
import Testing
@testable import TodoCore

/// SHA-1 against FIPS 180 vectors, name-based UUIDs against RFC 9562's example and Python's
/// `uuid.uuid5` (outputs computed with python3 on the development machine).
@Suite struct NameUUIDTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (String(repeating: "x", count: 55), "cef734ba81a024479e09eb5a75b6ddae62e6abf1"),
        (String(repeating: "x", count: 56), "901305367c259952f4e7af8323f480d59f81335b"),
        (String(repeating: "x", count: 64), "bb2fa3ee7afb9f54c6dfb5d021f14b1ffe40c163")
    ])
    func sha1MatchesTheStandardVectors(message: String, digest: String) {
        #expect(hex(SHA1.digest(Array(message.utf8))) == digest)
    }

    @Test func sha1OfAMillionAs() {
        #expect(
            hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    static let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
    static let url = UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8")!

    @Test(arguments: [
        // RFC 9562, appendix A.4 (version 5 of www.example.com in the DNS namespace).
        (dns, "www.example.com", "2ed6657d-e927-568b-95e1-2665a8aea6a2"),
        (dns, "python.org", "886313e1-3b8a-5372-9b90-0c9aee199e5d"),
        (url, "https://example.org/ü", "4e935be2-141c-5c1c-ab16-33f53ec57da4"),
        (
            UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, "00000000-0000-4000-8000-000000000001",
            "035d5b29-62c4-5289-a285-03e32858c268"
        )
    ])
    func version5MatchesPython(namespace: UUID, name: String, expected: String) {
        #expect(UUID(name: name, namespace: namespace).uuidString.lowercased() == expected)
    }

    @Test func theNextOccurrenceIsNamedBySeriesAndPredecessor() {
        var todo = Todo(
            id: 1, uuid: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, name: "x", createdAt: Fixture.t0)
        #expect(todo.nextOccurrenceUUID.uuidString.lowercased() == "035d5b29-62c4-5289-a285-03e32858c268")
        todo.series = Fixture.uuid(1)
        #expect(
            todo.nextOccurrenceUUID == UUID(name: "00000000-0000-4000-8000-000000000001", namespace: Fixture.uuid(1)))
    }
}
