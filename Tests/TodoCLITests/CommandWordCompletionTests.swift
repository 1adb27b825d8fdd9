import Foundation
import Testing
import TodoCore
@testable import TodoCLI

/// Issue 40: `todo context <Tab>` offers the contexts the config defines, a report the config
/// defines completes as a command, and IDs before the command (`todo 3 mo<Tab>`) leave the
/// next word a command, in bash, fish and zsh.
@Suite struct CommandWordCompletionTests {
    let shells: CompletionTests
    let box: Sandbox

    /// Todos 1, 2, 10 and 12 (CompletionTests'); the contexts work and home; the report standup.
    init() throws {
        shells = try CompletionTests()
        box = shells.box
        try box.run("context", "define", "work", "+work")
        try box.run("context", "define", "home", "+home")
        try box.run("config", "context.work.write", "+work")
        try box.run("config", "report.standup.columns", "id,description")
    }

    /// The contexts' names (not `context.work.write`), then `todo context`'s action words.
    static let contextWords = ["home", "work"] + ContextCommand.actions

    @Test func completeListsContextsAndConfiguredReports() throws {
        #expect(try box.run("__complete", "contexts").lines == Self.contextWords)
        #expect(try box.run("__complete", "reports") == RunResult(stdout: "standup\n", stderr: "", status: 0))
    }

    @Test func idPatternReadsWordsAsTodoIDsDoes() throws {
        let pattern = try Regex(Completion.idPattern)
        let words = [
            "3", "#3", "3-5", "3,5,7", "3-5,8,deadbeef", "deadbeef", "DEADBEEF0", "8f0e", "face", "milk", "3,", "3-x",
            "-3",
            "3-5-7", "#", "", UUID().uuidString, UUID().uuidString.lowercased() + "0",
            String(repeating: "a", count: 33), "+work", "due:3"
        ]
        for word in words {
            let reads = (try? TodoIDs(word, minimumHex: CommandWords.idHexDigits)) != nil
            #expect((word.wholeMatch(of: pattern) != nil) == reads, "\(word)")
        }
    }

    // MARK: bash

    @Test func bashCompletesContextsReportsAndCommandsAfterIDs() throws {
        #expect(try shells.bash("todo", "context", "") == Self.contextWords)
        #expect(try shells.bash("todo", "context", "w") == ["work"])
        #expect(try shells.bash("todo", "st").contains("standup"))
        #expect(try shells.bash("todo", "") == CompletionTests.visibleWords + ["standup"])
        #expect(try shells.bash("todo", "standup", "+TOD") == ["+TODAY"])
        #expect(try shells.bash("todo", "3", "mo") == ["modify"])
        #expect(try shells.bash("todo", "3,5", "d") == CompletionTests.visibleWords.filter { $0.hasPrefix("d") })
        #expect(try shells.bash("todo", "deadbeef", "--json", "togg") == ["toggle"])
        #expect(try shells.bash("todo", "3", "modify", "pro") == ["project:"])
        #expect(try shells.bash("todo", "3", "show", "") == [])
        #expect(try shells.bash("todo", "milk", "mo") == [])
    }

    // MARK: fish

    @Test func fishCompletesContextsReportsAndCommandsAfterIDs() throws {
        #expect(try Set(shells.fish("todo context ")) == Set(Self.contextWords))
        #expect(try shells.fish("todo context h") == ["home"])
        #expect(try shells.fish("todo st").map(shells.words).contains("standup"))
        #expect(try shells.fish("todo standup +TOD") == ["+TODAY"])
        #expect(try shells.fish("todo 3 mo").map(shells.words) == ["modify"])
        #expect(
            try Set(shells.fish("todo 3,5 d").map(shells.words))
                == Set(CompletionTests.visibleWords.filter { $0.hasPrefix("d") }))
        #expect(try shells.fish("todo 3 modify pro") == ["project:"])
    }

    // MARK: zsh

    @Test func zshCompletesContextsReportsAndCommandsAfterIDs() throws {
        #expect(try shells.zsh("todo context w").buffer == "todo context work ")
        let contexts = try shells.zsh("todo context ").screen
        for word in Self.contextWords { #expect(contexts.contains(word)) }
        #expect(try shells.zsh("todo standu").buffer == "todo standup ")
        #expect(try shells.zsh("todo standup +TOD").buffer == "todo standup +TODAY ")
        #expect(try shells.zsh("todo 3 mo").buffer == "todo 3 modify ")
        #expect(try shells.zsh("todo 3-5 togg").buffer == "todo 3-5 toggle ")
        #expect(try shells.zsh("todo 3 modify pro").buffer == "todo 3 modify project:")
        #expect(try shells.zsh("todo 1 2 show 1").buffer == "todo 1 2 show 1")
    }
}
