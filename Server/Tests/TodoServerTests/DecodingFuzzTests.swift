import Foundation
import TodoWire
import XCTVapor

@testable import TodoServer

/// Seeded mutation fuzzing of what the sync API decodes: push bodies and change-feed queries.
/// Every answer is a 2xx or a 4xx with the JSON error shape, never a 5xx, and a todo the
/// fuzzing never names still reads back identically. TODO_FUZZ_SEED picks another seed.
final class DecodingFuzzTests: ServerTestCase {
    static let seed = ProcessInfo.processInfo.environment["TODO_FUZZ_SEED"].flatMap(UInt64.init) ?? 16
    static let pushCases = 1200
    static let queryCases = 800

    var token = ""
    var known: TodoRecord!

    override func setUp() async throws {
        try await super.setUp()
        token = try await makeUser("alice")
        let put = PushOperation(
            opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
            todo: TodoFields(name: "known", description: "d", notes: "n", completed: true,
                             createdAt: Make.created, updatedAt: Make.created, completedAt: Make.created))
        let stored = try await push(token, [put]).results.first?.record
        known = try XCTUnwrap(stored)
    }

    func testMutatedPushBodiesGetTheAnswerTheWireTypesDecideNeverA5xx() async throws {
        var random = SplitMix64(seed: Self.seed)
        let templates = try Self.pushTemplates().map { Array(try WireJSON.encoder.encode($0)) }
        var (accepted, refused) = (0, 0)
        for index in 0..<Self.pushCases {
            var body = templates[Int(random.next() % UInt64(templates.count))]
            for _ in 0...(random.next() % 3) { body = Mutator.mutate(body, &random) }
            let expectOK = Self.decodesAndValidates(body)
            let response = try await send(
                .POST, "v1/push", headers: auth(token).adding("Content-Type", "application/json"),
                bytes: Array(body))
            let context = "case \(index), seed \(Self.seed): \(String(decoding: body.prefix(300), as: UTF8.self))"
            XCTAssertLessThan(response.status.code, 500, context)
            if expectOK {
                XCTAssertEqual(response.status, .ok, "\(context) -> \(response.body.string)")
                _ = try decode(PushResponse.self, response)
                accepted += 1
            } else {
                try assertError(response, .badRequest)
                if response.status != .badRequest { XCTFail(context) }
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, Self.pushCases / 2, "the mutations should mostly break the body")
        XCTAssertGreaterThan(accepted, 0, "some mutations keep the body valid; none did")
        try await assertKnownTodoIntact()
    }

    func testMutatedChangeFeedQueriesAre200Or400NeverA5xx() async throws {
        var random = SplitMix64(seed: Self.seed ^ 0x5EED)
        var statuses: [UInt: Int] = [:]
        var predicted = 0
        for index in 0..<Self.queryCases {
            let (query, expected) = QueryMaker.make(&random)
            let response = try await send(.GET, "v1/changes?\(query)", headers: auth(token))
            let context = "case \(index), seed \(Self.seed): ?\(query) -> \(response.status) \(response.body.string.prefix(200))"
            statuses[response.status.code, default: 0] += 1
            switch response.status {
            case .ok:
                let page = try decode(ChangesResponse.self, response)
                XCTAssertLessThanOrEqual(page.changes.count, SyncAPI.maxChangesPerPage, context)
            case .badRequest:
                try assertError(response, .badRequest)
            default:
                XCTFail(context)
            }
            if let expected {
                XCTAssertEqual(response.status, expected, context)
                predicted += 1
            }
        }
        XCTAssertGreaterThan(predicted, Self.queryCases / 4, "too few plain queries to check exactly")
        XCTAssertGreaterThan(statuses[400, default: 0], Self.queryCases / 10, "\(statuses)")
        XCTAssertGreaterThan(statuses[200, default: 0], Self.queryCases / 10, "\(statuses)")
        try await assertKnownTodoIntact()
    }

    /// The known todo is in the feed exactly as first stored, and the feed still pages.
    func assertKnownTodoIntact(file: StaticString = #filePath, line: UInt = #line) async throws {
        var cursor: Int64 = 0
        var found: [TodoRecord] = []
        while true {
            let page = try await changes(token, since: cursor, limit: SyncAPI.maxChangesPerPage)
            found += page.changes.filter { $0.uuid == known.uuid }
            cursor = page.nextCursor
            if !page.hasMore { break }
        }
        XCTAssertEqual(found, [known], file: file, line: line)
    }

    static func decodesAndValidates(_ body: [UInt8]) -> Bool {
        guard !body.isEmpty,
            let request = try? WireJSON.decoder.decode(PushRequest.self, from: Data(body))
        else { return false }
        return (try? PushController.validate(request)) != nil
    }

    static func pushTemplates() throws -> [PushRequest] {
        let full = TodoFields(
            name: "fuzz ✓", description: "about", notes: "line\nbreak", completed: true,
            createdAt: Make.created, updatedAt: Make.created, completedAt: Make.created)
        return [
            PushRequest(operations: [PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: full)], since: 1),
            PushRequest(operations: [Make.put(UUID(), base: 0, "x"), Make.delete(UUID(), base: 3)]),
            PushRequest(operations: [], since: 0),
        ]
    }
}

/// Damages JSON bytes: byte flips, cuts, splices, out-of-place tokens, values of the wrong
/// type, deep nesting; and harmless whitespace, so some bodies stay valid.
enum Mutator {
    static let tokens = [
        "{", "}", "[", "]", "\"", ",", ":", "null", "true", "-1", "0", "1e999", "-0.0",
        "9223372036854775808", "-9223372036854775809", "\"\\u0000\"", "\"\\ud800\"", "\"\\", "\u{0}",
        "\"2026-02-30T00:00:00.000Z\"", "\"put\"", "\"delete\"", "\"opId\"", "{}", "[]", "\u{FEFF}",
    ]

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
        switch random.next() % 8 {
        case 0...4:
            bytes = mutateBytes(bytes, tokens: tokens, &random)
        case 5:
            bytes = replacingAValue(bytes, &random)
        case 6:
            let depth = 1 + Int(random.next() % (random.next() % 4 == 0 ? 50_000 : 20))
            let open = random.next() % 2 == 0 ? "[" : #"{"a":"#
            let close = open == "[" ? "]" : "}"
            bytes = Array(String(repeating: open, count: depth).utf8) + bytes
                + Array(String(repeating: close, count: depth).utf8)
        default:
            let whitespace = [" ", "\n", "\t", "\r\n"][Int(random.next() % 4)]
            let at = position()
            // Between tokens only: after a structural character, so strings keep their text.
            if at > 0, let previous = bytes.dropLast(bytes.count - at).last, "{[,:".utf8.contains(previous) {
                bytes.insert(contentsOf: Array(whitespace.utf8), at: at)
            }
        }
        return bytes
    }

    /// One change at the byte level: a byte replaced, a run removed, one of `tokens` inserted,
    /// the end cut off, or a run repeated.
    static func mutateBytes(_ bytes: [UInt8], tokens: [String], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
        switch random.next() % 5 {
        case 0 where !bytes.isEmpty:
            bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        case 1:
            let start = position()
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + Int(random.next() % 16)))
        case 2:
            bytes.insert(contentsOf: Array(tokens[Int(random.next() % UInt64(tokens.count))].utf8), at: position())
        case 3:
            bytes = Array(bytes.prefix(position()))
        default:
            let start = position()
            let slice = bytes[start..<min(bytes.count, start + Int(random.next() % 64))]
            bytes.insert(contentsOf: slice, at: position())
        }
        return bytes
    }

    static var oddValues: [Any] { [
        NSNull(), true, false, -1, 0, Int64.max, Int64.min, 1.5, "", "x", "not-a-uuid",
        "00000000-0000-0000-0000-000000000000", "2026-13-45T00:00:00.000Z", "2026-01-01T00:00:00+02:00",
        String(repeating: "a", count: 70_000), [String: Any](), [Any](), ["nested": [1, 2]], [1, "two", NSNull()],
    ] }

    /// Parses `bytes` (when they are JSON) and replaces, removes or adds one value.
    static func replacingAValue(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        guard let tree = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        else { return bytes }
        let changed = change(tree, &random)
        guard let data = try? JSONSerialization.data(withJSONObject: changed, options: [.fragmentsAllowed])
        else { return bytes }
        return Array(data)
    }

    private static func change(_ value: Any, _ random: inout SplitMix64) -> Any {
        let odd = oddValues[Int(random.next() % UInt64(oddValues.count))]
        if var object = value as? [String: Any], !object.isEmpty, random.next() % 4 != 0 {
            let key = object.keys.sorted()[Int(random.next() % UInt64(object.count))]
            switch random.next() % 5 {
            case 0: object[key] = nil
            case 1: object[key.uppercased() == key ? "extra" : key.uppercased()] = odd
            default: object[key] = change(object[key]!, &random)
            }
            return object
        }
        if var array = value as? [Any], !array.isEmpty, random.next() % 4 != 0 {
            let index = Int(random.next() % UInt64(array.count))
            switch random.next() % 5 {
            case 0: array.remove(at: index)
            case 1: array.append(odd)
            default: array[index] = change(array[index], &random)
            }
            return array
        }
        return odd
    }
}

/// Query strings for `/v1/changes`: odd names and values, repeats, raw reserved characters.
/// Returns the expected status when the query is plain enough to know it.
enum QueryMaker {
    static let names = ["since", "limit", "since", "limit", "SINCE", "since[]", "limit[x]", "", "other", "sínce"]
    static let values = [
        "0", "1", "7", "-1", "-5", "1000", "1001", "999999", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "1.5", "1e3", " 1", "+1", "0x10", "", "abc",
        "١٢", "1\u{0}", "\u{0}", "💥", "0001", "2 ", "null", "[1]",
    ]

    static func make(_ random: inout SplitMix64) -> (query: String, expected: HTTPStatus?) {
        var pairs: [(String, String)] = []
        var parts: [String] = []
        var plain = true
        for _ in 0..<(random.next() % 4) {
            let name = names[Int(random.next() % UInt64(names.count))]
            let value = random.next() % 5 == 0
                ? String(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
                : values[Int(random.next() % UInt64(values.count))]
            switch random.next() % 10 {
            case 0:
                parts.append(encode(name))
                plain = false
            case 1:
                parts.append(["%", "%zz", "=", "&", ";", "+", "[", "]=1", "%00"][Int(random.next() % 9)])
                plain = false
            default:
                parts.append("\(encode(name))=\(encode(value))")
                pairs.append((name, value))
            }
        }
        let query = parts.joined(separator: "&")
        let names = pairs.map(\.0)
        guard plain, Set(names).count == names.count, names.allSatisfy({ $0 == "since" || $0 == "limit" })
        else { return (query, nil) }
        func number(_ name: String) -> Int64?? {
            pairs.first { $0.0 == name }.map { Int64($0.1) }
        }
        let since = number("since")
        let limit = number("limit")
        if since == .some(nil) || limit == .some(nil) { return (query, .badRequest) }
        if let since = since ?? nil, since < 0 { return (query, .badRequest) }
        if let limit = limit ?? nil, limit < 1 { return (query, .badRequest) }
        return (query, .ok)
    }

    /// Percent-encodes everything but letters and digits, so the server reads back `text`.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.subtracting(.nonBaseCharacters)) ?? ""
    }
}

/// A small, seedable generator (SplitMix64), so every run fuzzes the same cases.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension HTTPHeaders {
    func adding(_ name: String, _ value: String) -> HTTPHeaders {
        var headers = self
        headers.add(name: name, value: value)
        return headers
    }
}
