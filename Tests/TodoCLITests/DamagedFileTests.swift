import Foundation
import Testing
import TodoTestSupport

/// The built binary on damaged copies of a real state file and journal that `todo` made itself
/// (`Damage`, from a fixed seed per case): whatever the damage, every command exits 0, 1 or 2,
/// never on a signal; a failure says why on stderr and leaves both files byte-identical; a
/// read-only command never changes either file.
@Suite struct DamagedFileTests {
    /// A state file of five todos and a journal of puts, removes, undo steps and an undo; the
    /// second pair's journal has 98 entries, so the second change after it rewrites the file.
    static let made: Result<[[[UInt8]]], Error> = Result {
        try [0, 92].map { padding in
            let box = try Sandbox()
            let steps: [([String], String?)] =
                [
                    (["add", "-"], "buy milk\ncall mom\npay \"rent\" – ünïcode ✓\nwalk the dog\ntab\tname\n")
                ] + Array(repeating: (["toggle", "1"], nil), count: padding) + [
                    (["toggle", "2"], nil), (["edit", "3", "--notes", "line one\nline two"], nil),
                    (["delete", "4"], nil),
                    (["add", "water plants", "-d", "sunday"], nil), (["undo"], nil), (["toggle", "5"], nil)
                ]
            for (arguments, stdin) in steps {
                let result = try box.run(arguments, stdin: stdin)
                guard result.status == 0 else { throw CommandFailed(arguments: arguments, result: result) }
            }
            let files = [box.file, box.file + ".journal"].map {
                FileManager.default.contents(atPath: $0).map { [UInt8]($0) }
            }
            guard let state = files[0], let journal = files[1] else {
                throw CommandFailed(arguments: ["(no journal was made)"], result: nil)
            }
            return [state, journal]
        }
    }

    struct CommandFailed: Error {
        var arguments: [String]
        var result: RunResult?
    }

    /// Each command in turn on the same files: reading ones, then changes, each followed by a
    /// `list` (which reads every todo).
    static let commands: [(arguments: [String], readOnly: Bool)] = [
        (["list"], true), (["show", "3"], true), (["export"], true), (["list", "--filter", "active"], true),
        (["add", "fuzzed"], false), (["list"], true), (["toggle", "2"], false), (["list"], true),
        (["undo"], false), (["list", "--json"], true)
    ]

    @Test(arguments: 0..<150)
    func commandsOnADamagedFileExitCleanly(case number: Int) throws {
        var files = try Self.made.get()[number % 2]
        var rng = SeededGenerator(seed: 0x7D0_F022 &+ UInt64(number))
        let damage = Damage.allCases.randomElement(using: &rng)!
        let what = damage.apply(to: &files, using: &rng)
        // The binary, so that a crash is a signal this test reports, not the end of the suite.
        let box = try Sandbox(.binary)
        try Data(files[0]).write(to: URL(fileURLWithPath: box.file))
        try Data(files[1]).write(to: URL(fileURLWithPath: box.file + ".journal"))
        var readable: Bool?
        var changedReadable: String?
        for (arguments, readOnly) in Self.commands {
            let before = box.fileBytes()
            let result = try box.run(arguments)
            let context = "case \(number): \(what); todo \(arguments.joined(separator: " ")): \(result)"
            #expect(result.signal == nil, "\(context)")
            #expect([0, 1, 2].contains(result.status), "\(context)")
            if result.status != 0 {
                #expect(result.stderr.hasPrefix("todo: "), "\(context)")
                #expect(box.fileBytes() == before, "a failed command changed the files: \(context)")
            }
            if readOnly { #expect(box.fileBytes() == before, "a read-only command changed the files: \(context)") }
            // A change that succeeded on files every todo could be read from leaves such files.
            if arguments.first == "list", arguments.count == 1 || arguments[1] == "--json" {
                if let changedReadable {
                    #expect(result.status == 0, "\(changedReadable) left files that cannot be read: \(context)")
                }
                readable = result.status == 0
                changedReadable = nil
            } else if !readOnly, result.status == 0, readable == true {
                changedReadable = "todo \(arguments.joined(separator: " "))"
            }
        }
    }

    /// The damage is real: across the cases every kind is applied, and most change the files.
    @Test func casesCoverEveryKindOfDamage() throws {
        let made = try Self.made.get()
        #expect(made[1][1].count { $0 == 0x0A } == 99, "the journal of 98 entries and its header")
        var kinds = Set<String>()
        var changed = 0
        for number in 0..<150 {
            var files = made[number % 2]
            var rng = SeededGenerator(seed: 0x7D0_F022 &+ UInt64(number))
            let damage = Damage.allCases.randomElement(using: &rng)!
            if damage.apply(to: &files, using: &rng) != "nothing" { kinds.insert("\(damage)") }
            if files != made[number % 2] { changed += 1 }
        }
        #expect(kinds == Set(Damage.allCases.map { "\($0)" }))
        #expect(changed >= 140)
    }
}
