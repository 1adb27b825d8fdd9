import Foundation
import Testing

@testable import TodoCLI

/// The live context's UUIDs (`UUID.random`): version 4, the RFC 4122 variant, all different, and read by
/// Foundation as the same UUID its text names.
struct RandomUUIDTests {
    @Test func liveUUIDsAreVersion4OfTheRFCVariantAndDistinct() throws {
        let uuids = (0..<10_000).map { _ in UUID.random() }
        #expect(Set(uuids).count == uuids.count)
        for uuid in uuids {
            let text = uuid.uuidString
            let version = text[text.index(text.startIndex, offsetBy: 14)]
            let variant = text[text.index(text.startIndex, offsetBy: 19)]
            #expect(version == "4")
            #expect("89AB".contains(variant))
            #expect(UUID(uuidString: text) == uuid)
        }
    }
}
