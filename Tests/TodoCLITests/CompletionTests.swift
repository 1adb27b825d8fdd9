import Foundation
import Testing
import TodoCLI

/// The committed completion scripts, driven by the real shells against a real state file.
@Suite struct CompletionTests {
    let box: Sandbox
    let other: String
    init() throws {
        box = try Sandbox()
        try box.write([1: "buy milk", 2: "call mom", 10: "pay rent", 12: "walk the dog"])
        other = try box.write([7: "elsewhere"], to: box.directory + "/other.json")
    }

    static let visibleWords = CommandTable.commands.filter { !$0.hidden }.flatMap { [$0.name] + $0.aliases }

    // MARK: bash

    /// COMPREPLY after calling `_todo` with `words`, the last being the word at the cursor.
    /// The words are whole, as bash makes them with ':' taken out of COMP_WORDBREAKS (as some
    /// people do); ColonCompletionTests type at real shells, which split words at ':'.
    func bash(_ words: String..., prelude: String = "source \(repositoryRoot)/completions/todo.bash") throws -> [String]
    {
        let program = """
            \(prelude)
            COMP_WORDBREAKS=${COMP_WORDBREAKS//:}
            COMP_WORDS=(\(words.map(Sandbox.shellQuoted).joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            _todo
            for word in "${COMPREPLY[@]}"; do printf '%s\\n' "$word"; done
            """
        let result = try Sandbox.execute(
            try requiredTool("bash"), ["-c", program], stdin: nil, environment: box.shellEnvironment)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        return result.lines
    }

    @Test func bashCompletesCommandsAndAliases() throws {
        #expect(try bash("todo", "tog") == ["toggle"])
        #expect(try bash("todo", "--json", "cl") == ["clear-completed"])
        #expect(try bash("todo", "") == Self.visibleWords)
        #expect(try bash("todo", "--file", other, "") == Self.visibleWords)
        #expect(try bash("todo", "help", "") == Self.visibleWords)
    }

    @Test func bashCompletesOptionsOfTheCommandAndGlobalOnes() throws {
        for command in CommandTable.commands where !command.hidden {
            let expected = (command.options + CommandTable.globalOptions).map { "--\($0.long)" }
            #expect(try bash("todo", command.name, "--") == expected)
            #expect(try bash("todo", command.aliases.first ?? command.name, "x", "--") == expected)
        }
        #expect(try bash("todo", "--") == CommandTable.globalOptions.map { "--\($0.long)" })
    }

    @Test func bashCompletesOptionValues() throws {
        #expect(try bash("todo", "list", "--filter", "") == ["all", "active", "completed", "unsynced"])
        #expect(try bash("todo", "ls", "-f", "c") == ["completed"])
        #expect(try bash("todo", "list", "--filter", "=") == ["all", "active", "completed", "unsynced"])
        #expect(try bash("todo", "list", "--filter", "=", "a") == ["all", "active"])
        #expect(try bash("todo", "completions", "") == ["bash", "zsh", "fish"])
        #expect(try bash("todo", "add", "--notes", "") == [])
        #expect(try bash("todo", "--file", box.directory + "/oth") == [other])
    }

    @Test func bashCompletesTodoNumbersFromTheStateFile() throws {
        #expect(try bash("todo", "toggle", "") == ["1", "2", "10", "12"])
        #expect(try bash("todo", "toggle", "1") == ["1", "10", "12"])
        #expect(try bash("todo", "rm", "2", "1") == ["1", "10", "12"])
        #expect(try bash("todo", "show", "1", "") == [])
        #expect(try bash("todo", "--file", other, "show", "") == ["7"])
        #expect(try bash("todo", "edit", "--file", "=", other, "") == ["7"])
        #expect(try bash("todo", "add", "") == [])
    }

    @Test func bashCompletesNothingFromADamagedFile() throws {
        try Data("not json".utf8).write(to: URL(fileURLWithPath: box.file))
        #expect(try bash("todo", "toggle", "") == [])
    }

    @Test func bashCompletionLoaderFindsTheInstalledScript() throws {
        let directory = box.directory + "/data/bash-completion/completions"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/completions/todo.bash", toPath: directory + "/todo")
        let framework = "/usr/share/bash-completion/bash_completion"
        #expect(
            FileManager.default.fileExists(atPath: framework),
            "bash-completion is not installed: run 'bash .ci/test-completions'")
        let prelude = "export XDG_DATA_HOME=\(box.directory)/data; source \(framework); _completion_loader todo"
        #expect(try bash("todo", "tog", prelude: prelude) == ["toggle"])
    }

    // MARK: fish

    /// `complete -C LINE` in fish, with the script installed where fish looks for it.
    func fish(_ line: String) throws -> [String] {
        let directory = box.directory + "/.config/fish/completions"
        if !FileManager.default.fileExists(atPath: directory + "/todo.fish") {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: repositoryRoot + "/completions/todo.fish", toPath: directory + "/todo.fish")
        }
        let result = try Sandbox.execute(
            try requiredTool("fish"), ["-c", "complete -C \(Sandbox.shellQuoted(line))"], stdin: nil,
            environment: box.shellEnvironment)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        return result.lines
    }

    /// A completion without its description.
    func words(_ line: String) -> String { String(line.prefix { $0 != "\t" }) }

    @Test func fishCompletesCommandsOptionsAndValues() throws {
        #expect(try fish("todo tog") == ["toggle\tMark todos completed, or active again"])
        #expect(try fish("todo --json dele") == ["delete\tDelete todos"])
        #expect(try fish("todo --json lista") == ["listall\tList every todo, completed ones too, as todo.sh listall"])
        // The scripts show help texts without their final period.
        let jsonHelp = String(CommandTable.globalOptions.first { $0.long == "json" }!.help.dropLast())
        #expect(try fish("todo rm 1 --js") == ["--json\t" + jsonHelp])
        let filterHelp = String(
            CommandTable.command(named: "list")!.options.first { $0.long == "filter" }!.help.dropLast())
        #expect(try fish("todo list --filt") == ["--filter\t" + filterHelp])
        #expect(try fish("todo list --fi").map(words) == ["--file", "--filter"])
        #expect(try fish("todo list --filter ").map(words) == ["active", "all", "completed", "unsynced"])
        #expect(try fish("todo ls -f u").map(words) == ["unsynced"])
        #expect(try fish("todo list --filter=c").map(words) == ["--filter=completed"])
        #expect(try fish("todo completions ") == ["bash", "fish", "zsh"])
        #expect(try fish("todo help to") == ["toggle\tMark todos completed, or active again"])
        #expect(try fish("todo add ") == [])
    }

    @Test func fishCompletesTodoNumbersWithTheirNames() throws {
        #expect(try fish("todo toggle ") == ["1\tbuy milk", "2\tcall mom", "10\tpay rent", "12\twalk the dog"])
        #expect(try fish("todo show 1").contains("12\twalk the dog"))
        #expect(try fish("todo show 1 ") == [])
        #expect(try fish("todo --file \(other) edit ") == ["7\telsewhere"])
        #expect(try fish("todo delete --file=\(other) ") == ["7\telsewhere"])
        #expect(try fish("TODO_FILE=\(other) todo toggle ") == ["7\telsewhere"])
    }

    // MARK: zsh

    /// Types `line` and TAB into an interactive zsh on a pseudo-terminal (zpty), with the
    /// script on fpath and compinit run: the line after completion, and what zsh listed.
    ///
    /// Nothing waits for a duration: keys are typed once zsh shows its prompt (so none arrive
    /// while compinit runs), and TAB runs a widget that completes, redraws (the listing) and
    /// only then writes the line to a file, whose appearance ends the wait. The deadline only
    /// keeps a broken zsh from hanging the suite.
    func zsh(_ line: String) throws -> (buffer: String, screen: String) {
        let out = box.directory + "/zsh-buffer"
        try? FileManager.default.removeItem(atPath: out)
        let program = #"""
            zmodload zsh/zpty || exit 3
            zpty z 'zsh -f -i'
            # The prompt shows READY%> , which the echo of this line (READY%%> ) does not hold.
            zpty -w z "fpath=($COMPLETIONS \$fpath); autoload -Uz compinit; compinit -u -D; complete-and-dump() { zle \#
            expand-or-complete; zle -R; print -r -- \"\$BUFFER\" > $OUT.part && command mv $OUT.part $OUT }; zle -N \#
            complete-and-dump; bindkey '^I' complete-and-dump; PS1='READY%%> '"
            local chunk screen
            await() {
                while ! eval "$1" && (( SECONDS < 120 )); do
                    if zpty -r -t z chunk; then screen+=$chunk; else sleep 0.01; fi
                done
            }
            await '[[ $screen == *"READY%> "* ]]'
            screen=
            zpty -w -n z "$LINE"$'\t'
            await '[[ -e $OUT ]]'
            # Everything zsh drew before writing the file is in the pty already.
            while zpty -r -t z chunk; do screen+=$chunk; done
            print -rn -- "$screen"
            zpty -d z
            """#
        var environment = box.shellEnvironment
        environment["COMPLETIONS"] = repositoryRoot + "/completions"
        environment["OUT"] = out
        environment["LINE"] = line
        environment["TERM"] = "xterm"
        let result = try Sandbox.execute(
            try requiredTool("zsh"), ["-f", "-c", program], stdin: nil, environment: environment)
        #expect(result.status == 0)
        let buffer = try #require(
            try? String(contentsOfFile: out, encoding: .utf8), "zsh did not complete '\(line)': \(result)")
        return (String(buffer.dropLast()), result.stdout)
    }

    @Test func zshCompletesCommandsOptionsAndValues() throws {
        #expect(try zsh("todo tog").buffer == "todo toggle ")
        #expect(try zsh("todo --json clear").buffer == "todo --json clear-completed ")
        #expect(try zsh("todo list --filter=ac").buffer == "todo list --filter=active ")
        #expect(try zsh("todo ls -f un").buffer == "todo ls -f unsynced ")
        #expect(try zsh("todo completions z").buffer == "todo completions zsh ")
        #expect(try zsh("todo list --fi").buffer == "todo list --fil")
        let options = try zsh("todo list --fil")
        #expect(options.buffer == "todo list --fil")
        #expect(options.screen.contains("--filter"))
        #expect(options.screen.contains("--file"))
    }

    @Test func zshCompletesTodoNumbersWithTheirNames() throws {
        #expect(try zsh("todo toggle 1").buffer == "todo toggle 1")
        #expect(try zsh("todo toggle 12").buffer == "todo toggle 12 ")
        let listed = try zsh("todo toggle ").screen
        for name in ["buy milk", "call mom", "pay rent", "walk the dog"] { #expect(listed.contains(name)) }
        #expect(try zsh("todo --file \(other) show ").buffer == "todo --file \(other) show 7 ")
        #expect(try zsh("todo show --file=\(other) ").buffer == "todo show --file=\(other) 7 ")
        #expect(try zsh("TODO_FILE=\(other) todo show ").buffer == "TODO_FILE=\(other) todo show 7 ")
    }
}
