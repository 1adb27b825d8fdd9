import Foundation
import Testing
import TodoCore

/// Recurring todos on two devices through the real `todo-server`: a series never forks,
/// whoever completes its occurrences, offline or not, in whatever order they sync.
///
/// These need the series fields (`recur`, `until`, `series`, `anchor`) on the sync wire.
@Suite(.serialized) struct RecurSyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices()
    }

    /// Every todo of a device, by UUID: what a series is made of, bookkeeping left out.
    func series(_ device: Device) throws -> [UUID: String] {
        let state = try TodoStoreAccess.load(device.file)
        return Dictionary(
            uniqueKeysWithValues: state.todos.map { todo in
                let fields = [
                    todo.name, todo.completed ? "done" : "open", todo.due?.wire ?? "-", todo.recur?.rule ?? "-",
                    todo.series.map { $0.uuidString.lowercased() } ?? "-", todo.anchor?.text ?? "-"
                ]
                return (todo.uuid, fields.joined(separator: "|"))
            })
    }

    /// The open occurrences of a device: the ones holding the rule.
    func open(_ device: Device) throws -> [Todo] {
        try TodoStoreAccess.load(device.file).todos.filter { $0.recur != nil }
    }

    func addWeekly(_ extra: String...) throws {
        let words = ["--file", a.file, "add", "water", "plants", "recur:weekly", "due:2026-03-02"] + extra
        let result = try box.run(words, environment: server.clientEnvironment)
        #expect(result.stdout == "1\n", "\(result)")
    }

    @Test func bothDevicesCompletingOfflineMakeOneNextOccurrence() throws {
        try addWeekly()
        try syncAll([a, b], times: 1)
        try a.run("done", "1", server: server)
        try b.run("done", "1", server: server)
        try syncAll([a, b])
        let onA = try open(a)
        let onB = try open(b)
        #expect(onA.count == 1 && onB.count == 1)
        #expect(onA.first?.uuid == onB.first?.uuid)
        #expect(onA.first?.due?.wire == "2026-03-09")
        #expect(try series(a) == series(b))
        #expect(try series(a).count == 2)
        #expect(try TodoStoreAccess.load(b.file).todos.allSatisfy { $0.conflicts.isEmpty && $0.synced })
    }

    @Test func fiftyTwoWeeklyCompletionsMakeFiftyTwoOccurrences() throws {
        try addWeekly()
        for week in 0..<52 {
            // The devices take turns by the month, syncing between turns.
            let device = week / 4 % 2 == 0 ? a : b
            let id = try #require(try open(device).first?.id)
            try device.run("done", String(id), server: server)
            if week % 4 == 3 { try syncAll([device, device.name == "a" ? b : a], times: 1) }
        }
        try syncAll([a, b])
        let todos = try series(b)
        #expect(todos.count == 53)
        #expect(try series(a) == todos)
        #expect(try open(b).map { $0.due?.wire } == ["2027-03-01"])
        #expect(Set(todos.values.map { $0.split(separator: "|")[2] }).count == 53)
    }

    @Test func untilStopsTheSeriesOnEveryDevice() throws {
        // In the future, or the series would expire (until passed) before it is done.
        #expect(
            try a.run("add", "water", "plants", "recur:weekly", "due:2099-03-02", "until:2099-03-10", server: server)
                .stdout == "1\n")
        try syncAll([a, b], times: 1)
        #expect(try b.run("done", "1", server: server).stdout.hasSuffix("Next: #2 \"water plants\", due 2099-03-09\n"))
        try syncAll([b, a], times: 1)
        let next = try #require(try open(a).first)
        #expect(try a.run("done", String(next.id), server: server).stdout == "Completed #\(next.id) \"water plants\"\n")
        try syncAll([a, b])
        #expect(try open(a).isEmpty && open(b).isEmpty)
        #expect(try series(a) == series(b))
        #expect(try series(b).count == 2)
    }

    @Test func aCompletionUndoneAfterSyncTakesTheNextOccurrenceAwayEverywhere() throws {
        try addWeekly()
        try syncAll([a, b], times: 1)
        try a.run("done", "1", server: server)
        try syncAll([a, b], times: 1)
        #expect(try series(b).count == 2)
        #expect(try a.run("undo", server: server).stdout == "Undid: complete #1 \"water plants\"\n")
        try syncAll([a, b])
        #expect(try series(a).count == 1 && series(b).count == 1)
        #expect(try series(a) == series(b))
        #expect(try open(b).map(\.uuid) == [try #require(try open(a).first).uuid])
        // Completed again, the series moves on to the same next occurrence as before.
        try b.run("done", "1", server: server)
        try syncAll([b, a])
        #expect(try series(a) == series(b))
        #expect(try series(a).count == 2)
    }
}
