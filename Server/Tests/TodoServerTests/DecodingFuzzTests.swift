import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Seeded mutation fuzzing of what the sync API decodes: push bodies and change-feed queries.
/// Every answer is a 2xx or a 4xx with the JSON error shape, never a 5xx, and a todo the
/// fuzzing never names still reads back identically. TODO_FUZZ_SEED picks another seed.
struct DecodingFuzzTests {
    static let seed = fuzzSeed(16)
    static let pushCases = 1200
    static let queryCases = 800

    /// Runs `test` with alice's token and a todo of hers the fuzzing never names, as stored.
    func withKnownTodo(_ test: (TestApp, _ token: String, _ known: TodoRecord) async throws -> Void) async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let put = PushOperation(
                opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
                todo: TodoFields(
                    name: "known", description: "d", notes: "n", completed: true,
                    createdAt: Make.created, updatedAt: Make.created, completedAt: Make.created))
            let stored = try await app.push(token, [put]).results.first?.record
            try await test(app, token, try #require(stored))
        }
    }

    @Test func mutatedPushBodiesGetTheAnswerTheWireTypesDecideNeverA5xx() async throws {
        try await withKnownTodo { app, token, known in
            var random = SeededGenerator(seed: Self.seed)
            let templates = try Self.pushTemplates().map { Array(try WireJSON.encoder.encode($0)) }
            var (accepted, refused) = (0, 0)
            for index in 0..<Self.pushCases {
                var body = templates[Int(random.next() % UInt64(templates.count))]
                for _ in 0...(random.next() % 3) { body = Mutator.mutate(body, &random) }
                let expectOK = Self.decodesAndValidates(body)
                let response = try await app.send(
                    .POST, "v1/push", headers: auth(token).adding("Content-Type", "application/json"),
                    bytes: Array(body))
                let context = "case \(index), seed \(Self.seed): \(String(decoding: body.prefix(300), as: UTF8.self))"
                #expect(response.status.code < 500, "\(context)")
                if expectOK {
                    #expect(response.status == .ok, "\(context) -> \(response.body.string)")
                    _ = try app.decode(PushResponse.self, response)
                    accepted += 1
                } else {
                    try app.expectError(response, .badRequest)
                    if response.status != .badRequest { Issue.record("\(context)") }
                    refused += 1
                }
            }
            #expect(refused > Self.pushCases / 2, "the mutations should mostly break the body")
            #expect(accepted > 0, "some mutations keep the body valid; none did")
            try await expectKnownTodoIntact(app, token, known)
        }
    }

    @Test func mutatedChangeFeedQueriesAre200Or400NeverA5xx() async throws {
        try await withKnownTodo { app, token, known in
            var random = SeededGenerator(seed: Self.seed ^ 0x5EED)
            var statuses: [UInt: Int] = [:]
            var predicted = 0
            for index in 0..<Self.queryCases {
                let (query, expected) = QueryMaker.make(&random)
                let response = try await app.send(.GET, "v1/changes?\(query)", headers: auth(token))
                let context =
                    "case \(index), seed \(Self.seed): ?\(query) -> \(response.status) "
                    + "\(response.body.string.prefix(200))"
                statuses[response.status.code, default: 0] += 1
                switch response.status {
                case .ok:
                    let page = try app.decode(ChangesResponse.self, response)
                    #expect(page.changes.count <= SyncAPI.maxChangesPerPage, "\(context)")
                case .badRequest:
                    try app.expectError(response, .badRequest)
                default:
                    Issue.record("\(context)")
                }
                if let expected {
                    #expect(response.status == expected, "\(context)")
                    predicted += 1
                }
            }
            #expect(predicted > Self.queryCases / 4, "too few plain queries to check exactly")
            #expect(statuses[400, default: 0] > Self.queryCases / 10, "\(statuses)")
            #expect(statuses[200, default: 0] > Self.queryCases / 10, "\(statuses)")
            try await expectKnownTodoIntact(app, token, known)
        }
    }

    /// The known todo is in the feed exactly as first stored, and the feed still pages.
    func expectKnownTodoIntact(
        _ app: TestApp, _ token: String, _ known: TodoRecord, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var cursor: Int64 = 0
        var found: [TodoRecord] = []
        while true {
            let page = try await app.changes(token, since: cursor, limit: SyncAPI.maxChangesPerPage)
            found += page.changes.filter { $0.uuid == known.uuid }
            cursor = page.nextCursor
            if !page.hasMore { break }
        }
        #expect(found == [known], sourceLocation: sourceLocation)
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
            PushRequest(
                operations: [PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: full)], since: 1),
            PushRequest(operations: [Make.put(UUID(), base: 0, "x"), Make.delete(UUID(), base: 3)]),
            PushRequest(operations: [], since: 0)
        ]
    }
}

/// Query strings for `/v1/changes`: odd names and values, repeats, raw reserved characters.
/// Returns the expected status when the query is plain enough to know it.
enum QueryMaker {
    static let names = ["since", "limit", "since", "limit", "SINCE", "since[]", "limit[x]", "", "other", "sínce"]
    static let values = [
        "0", "1", "7", "-1", "-5", "1000", "1001", "999999", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "1.5", "1e3", " 1", "+1", "0x10", "", "abc",
        "١٢", "1\u{0}", "\u{0}", "💥", "0001", "2 ", "null", "[1]"
    ]

    static func make(_ random: inout SeededGenerator) -> (query: String, expected: HTTPStatus?) {
        var pairs: [(String, String)] = []
        var parts: [String] = []
        var plain = true
        for _ in 0..<(random.next() % 4) {
            let name = names[Int(random.next() % UInt64(names.count))]
            let value =
                random.next() % 5 == 0
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

extension HTTPHeaders {
    func adding(_ name: String, _ value: String) -> HTTPHeaders {
        var headers = self
        headers.add(name: name, value: value)
        return headers
    }
}
