import Foundation
import Testing
import TodoCore
import TodoStore
@testable import TodoSync
import TodoTestSupport

/// A TaskChampion sync server in memory, as its protocol says (and taskchampion-sync-server
/// does): a chain of versions, add-version only on the latest (409 naming it otherwise, any
/// parent while there is none), 404 past the latest, 410 for a pruned version, one snapshot.
/// Plaintext: the encryption is `TaskChampionClient`'s, tested against TaskChampion itself.
final class ModelTaskChampion: ReplicaTransport, @unchecked Sendable {
    let server = URL(string: "http://127.0.0.1:1")!
    private(set) var versions: [(id: UUID, parent: UUID, segment: [UInt8])] = []
    private(set) var snapshotTaken: (version: UUID, tasks: [UInt8])?
    private var pruned: Set<UUID> = []
    var snapshotWanted = false
    /// Runs before an add-version is answered (another replica racing), or after it is stored
    /// (a kill before the answer is saved: throw).
    var beforeAdd: (() throws -> Void)?
    var afterAdd: (() throws -> Void)?
    private(set) var requests = 0

    var latest: UUID { versions.last?.id ?? ReplicaState.noVersion }

    func childVersion(of parent: UUID) throws(SyncError) -> ChildVersion {
        requests += 1
        if let child = versions.first(where: { $0.parent == parent }) {
            return pruned.contains(child.id) ? .gone : .version(id: child.id, segment: child.segment)
        }
        return parent == latest || parent == ReplicaState.noVersion && versions.isEmpty ? .upToDate : .gone
    }

    func addVersion(_ segment: [UInt8], parent: UUID) throws(SyncError) -> AddedVersion {
        requests += 1
        do { try beforeAdd?() } catch { throw .unreachable("\(error)") }
        guard versions.isEmpty || parent == latest else { return .conflict(expectedParent: latest) }
        let id = UUID()
        versions.append((id, parent, segment))
        do { try afterAdd?() } catch { throw .unreachable("\(error)") }
        return .accepted(id: id, snapshotWanted: snapshotWanted)
    }

    func snapshot() throws(SyncError) -> (version: UUID, tasks: [UInt8])? {
        requests += 1
        return snapshotTaken
    }

    func addSnapshot(_ tasks: [UInt8], version: UUID) throws(SyncError) {
        requests += 1
        snapshotTaken = (version, tasks)
    }

    /// Forgets every version up to the snapshot's, as `todo-server prune` does.
    func prune() {
        guard let version = snapshotTaken?.version, let index = versions.firstIndex(where: { $0.id == version }) else {
            return
        }
        for entry in versions[...index] { pruned.insert(entry.id) }
    }
}

struct Killed: Error {}

@Suite struct ReplicaEngineTests {
    let server = ModelTaskChampion()
    let laptop: StoreFixture
    let phone: StoreFixture
    var now = FixedClock.epoch

    init() throws {
        laptop = try StoreFixture("replica-laptop")
        phone = try StoreFixture("replica-phone")
    }

    /// A small mapping: the name as `description`, completion as `status`, the clock's
    /// properties as Unix seconds; a deleted task is not shown.
    static let mapping = ReplicaMapping(
        task: { todo, _ in
            [
                "description": todo.name, "status": todo.completed ? "completed" : "pending",
                "entry": seconds(todo.createdAt), "modified": seconds(todo.updatedAt)
            ]
        },
        todo: { uuid, task in
            guard let name = task["description"], ["pending", "completed"].contains(task["status"] ?? "") else {
                return nil
            }
            func date(_ key: String) -> Date { Date(timeIntervalSince1970: task[key].flatMap(Double.init) ?? 0) }
            return ImportedTodo(
                uuid: uuid, name: name, completed: task["status"] == "completed", createdAt: date("entry"),
                updatedAt: date("modified"))
        })

    static func seconds(_ date: Date) -> String { String(Int(date.timeIntervalSince1970)) }

    func sync(_ device: StoreFixture) throws -> ReplicaReport {
        try ReplicaEngine(store: device.file, client: server, mapping: Self.mapping, now: { FixedClock.epoch }).run()
    }

    func names(_ device: StoreFixture) throws -> [String] {
        try device.file.load().todos.map { $0.completed ? "\($0.name) (done)" : $0.name }.sorted()
    }

    func add(_ name: String, on device: StoreFixture, second: Double = 0) throws {
        try device.apply([
            .add(NewTodo(uuid: UUID(), name: name, createdAt: FixedClock.epoch.addingTimeInterval(second)))
        ])
    }

    func rename(_ id: Int, _ name: String, on device: StoreFixture, second: Double) throws {
        try device.apply([
            .edit(id: id, changes: [FieldChange(.name, name)], at: FixedClock.epoch.addingTimeInterval(second))
        ])
    }

    @Test func todosGoBothWaysAndANoOpSyncCostsOneRequest() throws {
        try add("milk", on: laptop)
        #expect(try sync(laptop).pushed == 1)
        try add("bread", on: phone)
        let report = try sync(phone)
        #expect((report.pulled, report.pushed) == (1, 1))
        _ = try sync(laptop)
        #expect(try names(laptop) == ["bread", "milk"])
        #expect(try names(phone) == ["bread", "milk"])
        let before = server.requests
        #expect(try sync(phone).pushed == 0)
        #expect(server.requests == before + 1)
    }

    @Test func editsOfOneTaskOnTwoReplicasKeepTheLaterAndDeleteBeatsAnEdit() throws {
        try add("milk", on: laptop)
        _ = try sync(laptop)
        _ = try sync(phone)
        try rename(1, "oat milk", on: laptop, second: 20)
        try rename(1, "soy milk", on: phone, second: 10)
        _ = try sync(phone)
        _ = try sync(laptop)
        _ = try sync(phone)
        #expect(try names(laptop) == ["oat milk"])
        #expect(try names(phone) == ["oat milk"])
        try phone.apply([.delete(ids: [1], at: FixedClock.epoch.addingTimeInterval(30))])
        try rename(1, "almond milk", on: laptop, second: 40)
        _ = try sync(phone)
        _ = try sync(laptop)
        // The delete changes the status (as Taskwarrior's), the rename the description: both
        // apply, and a deleted task is shown nowhere.
        #expect(try names(laptop) == [])
        _ = try sync(phone)
        #expect(try names(phone) == [])
    }

    /// Found by the property test: a delete sent, then undone here, brings the todo back on
    /// every replica (its task's properties are todo's again, not kept as a deleted task's).
    @Test func anUndoneDeleteThatWasSentUndeletesEverywhere() throws {
        try add("milk", on: laptop)
        _ = try sync(laptop)
        _ = try sync(phone)
        try laptop.apply([.delete(ids: [1], at: FixedClock.epoch.addingTimeInterval(5))])
        _ = try sync(laptop)
        _ = try sync(phone)
        #expect(try names(phone) == [])
        _ = try laptop.file.update(.all.withHistory) {
            try reduce($0, .undo(at: FixedClock.epoch.addingTimeInterval(9)))
        }
        _ = try sync(laptop)
        _ = try sync(phone)
        #expect(try names(laptop) == ["milk"])
        #expect(try names(phone) == ["milk"])
    }

    /// A 409: another replica's version came first; the sync pulls it, rebases, sends again.
    @Test func aConflictPullsTheOtherVersionAndSendsAgain() throws {
        try add("milk", on: laptop)
        _ = try sync(laptop)
        _ = try sync(phone)
        try add("eggs", on: phone)
        try add("bread", on: laptop)
        server.beforeAdd = { [server] in
            server.beforeAdd = nil
            _ = try ReplicaEngine(store: phone.file, client: server, mapping: Self.mapping, now: { FixedClock.epoch })
                .run()
        }
        _ = try sync(laptop)
        _ = try sync(phone)
        #expect(try names(laptop) == ["bread", "eggs", "milk"])
        #expect(try names(phone) == ["bread", "eggs", "milk"])
        #expect(server.versions.count == 3)
    }

    /// Killed after the server stored the version, before the answer was saved: the next
    /// sync reads that version as the next one, equal to the local changes, and sends nothing.
    @Test func aSyncKilledAfterTheServerTookItsVersionSendsNothingTwice() throws {
        try add("milk", on: laptop)
        server.afterAdd = { throw Killed() }
        #expect(throws: SyncError.self) { try sync(laptop) }
        server.afterAdd = nil
        #expect(server.versions.count == 1)
        #expect(try sync(laptop).pushed == 0)
        #expect(server.versions.count == 1)
        _ = try sync(phone)
        #expect(try names(phone) == ["milk"])
        #expect(try phone.file.load().todos.count == 1)
    }

    /// A new replica starts from the snapshot; one whose version was pruned (410) takes the
    /// snapshot too, keeping its own changes.
    @Test func aNewReplicaAndAPrunedOneStartFromTheSnapshot() throws {
        try add("milk", on: laptop)
        _ = try sync(phone)
        server.snapshotWanted = true
        _ = try sync(laptop)
        #expect(server.snapshotTaken != nil)
        server.snapshotWanted = false
        try add("bread", on: laptop)
        _ = try sync(laptop)
        server.snapshotWanted = true
        try add("eggs", on: laptop)
        _ = try sync(laptop)
        server.prune()
        let desk = try StoreFixture("replica-desk")
        let report = try sync(desk)
        #expect(report.fromSnapshot)
        #expect(try names(desk) == ["bread", "eggs", "milk"])
        // The phone synced at the first, empty version, now pruned: 410, then the snapshot.
        try add("jam", on: phone)
        #expect(try sync(phone).fromSnapshot)
        #expect(try names(phone) == ["bread", "eggs", "jam", "milk"])
        _ = try sync(laptop)
        #expect(try names(laptop) == ["bread", "eggs", "jam", "milk"])
    }

    /// A version that is not a history segment: the sync fails and changes nothing.
    @Test func aBadVersionChangesNothing() throws {
        try add("milk", on: laptop)
        _ = try sync(laptop)
        _ = try sync(phone)
        let before = phone.bytes(phone.file.path)
        server.beforeAdd = nil
        _ = try server.addVersion(Array("{\"operations\": [{\"Frobnicate\": {}}]}".utf8), parent: server.latest)
        #expect(throws: SyncError.self) { try sync(phone) }
        #expect(phone.bytes(phone.file.path) == before)
    }

    /// Properties todo does not hold are kept through its edits.
    @Test func propertiesTodoDoesNotHoldAreKept() throws {
        let uuid = UUID()
        let segment = ReplicaCodec.segment([
            .create(uuid),
            .update(uuid, property: "description", value: "milk", at: now),
            .update(uuid, property: "status", value: "pending", at: now),
            .update(uuid, property: "parent", value: "p", at: now)
        ])
        _ = try server.addVersion(segment, parent: ReplicaState.noVersion)
        _ = try sync(laptop)
        try rename(1, "oat milk", on: laptop, second: 5)
        _ = try sync(laptop)
        let replica = try #require(try laptop.file.load().sync.replica)
        #expect(replica.tasks[uuid]?["parent"] == "p")
        #expect(replica.tasks[uuid]?["description"] == "oat milk")
        let last = try ReplicaCodec.operations(server.versions.last!.segment)
        #expect(!last.contains { if case .update(_, "parent", _, _) = $0 { true } else { false } })
    }

    /// A new device's first sync, before any todo: the state file's folder does not exist yet.
    @Test func aFirstSyncMakesTheStateFilesFolder() throws {
        try add("milk", on: laptop)
        _ = try sync(laptop)
        let file = StateFile(path: laptop.directory + "/new/folder/todos.json")
        _ = try ReplicaEngine(store: file, client: server, mapping: Self.mapping, now: { FixedClock.epoch }).run()
        #expect(try file.load().todos.map(\.name) == ["milk"])
    }

    @Test func segmentsAreTaskChampionsJSON() throws {
        let uuid = UUID(uuidString: "0666d464-418a-4a08-ad53-6f15c78270cd")!
        let at = Date(timeIntervalSince1970: 1_764_676_800.25)
        let segment = ReplicaCodec.segment([
            .create(uuid), .update(uuid, property: "description", value: "a \"b\"", at: at),
            .update(uuid, property: "due", value: nil, at: at), .delete(uuid)
        ])
        #expect(
            String(decoding: segment, as: UTF8.self) == """
                {"operations":[{"Create":{"uuid":"0666d464-418a-4a08-ad53-6f15c78270cd"}},\
                {"Update":{"uuid":"0666d464-418a-4a08-ad53-6f15c78270cd","property":"description","value":"a \\"b\\"",\
                "timestamp":"2025-12-02T12:00:00.250Z"}},{"Update":{"uuid":"0666d464-418a-4a08-ad53-6f15c78270cd",\
                "property":"due","value":null,"timestamp":"2025-12-02T12:00:00.250Z"}},\
                {"Delete":{"uuid":"0666d464-418a-4a08-ad53-6f15c78270cd"}}]}
                """)
        #expect(try ReplicaCodec.operations(segment).count == 4)
        // chrono writes nanoseconds and may write an offset.
        let chrono =
            #"""
            {"operations":[{"Update":{"uuid":"0666d464-418a-4a08-ad53-6f15c78270cd","property":"x","value":"1",\#
            "timestamp":"2025-12-02T13:00:00.250000000+01:00"}}]}
            """#
        #expect(try ReplicaCodec.operations(Array(chrono.utf8)) == [.update(uuid, property: "x", value: "1", at: at)])
    }
}
