import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoWire

/// TaskChampion's task maps: written sorted on one line, read back whole; a key given twice is
/// refused in a small object and past the sixteen keys after which `readObject` keeps a set.
@Suite struct TaskMapCodecTests {
    func uuid(_ n: Int) -> UUID { UUID(uuidString: String(format: "8f0e1c2a-0000-4000-8000-%012d", n))! }

    @Test func tasksGoThereAndBack() throws {
        let tasks = Dictionary(
            uniqueKeysWithValues: (1...40).map { (uuid($0), ["description": "task \($0) \"q\"", "tag_x": ""]) })
        var out = JSONWriter()
        TaskMapCodec.write(tasks, to: &out)
        #expect(!out.bytes.contains(0x0A))
        #expect(try TaskMapCodec.decode(out.bytes) == tasks)
    }

    @Test(arguments: [3, 30])
    func aTaskGivenTwiceIsRefused(count: Int) {
        let entries =
            (1...count).map { "\"\(uuid($0).uuidString.lowercased())\": {}" } + [
                "\"\(uuid(count - 1).uuidString.lowercased())\": {}"
            ]
        #expect(throws: JSONSyntaxError.self) {
            try TaskMapCodec.decode(Array("{\(entries.joined(separator: ", "))}".utf8))
        }
    }

    @Test func aPropertyGivenTwiceOrANonUUIDKeyIsRefused() {
        let properties = (1...20).map { "\"p\($0)\": \"v\"" } + ["\"p18\": \"w\""]
        #expect(throws: JSONSyntaxError.self) {
            try TaskMapCodec.decode(Array("{\"\(uuid(1).uuidString)\": {\(properties.joined(separator: ", "))}}".utf8))
        }
        #expect(throws: (any Error).self) { try TaskMapCodec.decode(Array("{\"not a uuid\": {}}".utf8)) }
    }
}
