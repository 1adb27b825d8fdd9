#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TodoTestSupport

/// `todo ui` end to end: the built binary in a tmux pane, driven by send-keys and read by
/// capture-pane; the state file checked with the command line. Every wait is for what the
/// screen or the file should show, bounded. tmux is needed (.ci/test-terminal-deps installs it).
@Suite(.serialized) final class UITerminalTests {
    let directory: String
    let todo: String
    var file: String { directory + "/todos.json" }
    /// The tmux server's socket, in the test's folder: removed with it.
    var socket: String { directory + "/tmux" }
    var environment: [String: String] { ["TODO_FILE": file, "HOME": directory, "NO_COLOR": "1", "TZ": "UTC"] }

    init() throws {
        directory = NSTemporaryDirectory() + "todo-ui-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        todo = try BuiltBinary.path(of: "todo")
        try cli("add", "Water plants", "+home")
        try cli("add", "Buy milk")
        try cli("add", "Call mom")
    }

    deinit {
        _ = try? tmux("kill-server")
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `todo` on the state file, as another terminal would; its stdout.
    @discardableResult
    func cli(_ arguments: String...) throws -> String {
        let result = try command(todo, Array(arguments), environment: environment)
        try #require(result.status == 0, "todo \(arguments): \(result.output)")
        return result.output
    }

    func command(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        output: String, status: Int32
    ) {
        // A file, not a pipe: the tmux server a command starts keeps its stdout open.
        let output = directory + "/output-\(UUID().uuidString.prefix(8))"
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(output)
        }
        let child = try ChildProcess(
            URL(fileURLWithPath: path), arguments, directory: URL(fileURLWithPath: directory),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, output: descriptor,
            error: descriptor)
        child.waitUntilExit()
        return (try String(contentsOfFile: output, encoding: .utf8), child.terminationStatus)
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        let tmux =
            ["/usr/bin/tmux", "/usr/local/bin/tmux"].first(where: FileManager.default.isExecutableFile)
            ?? "/usr/bin/tmux"
        let result = try command(tmux, ["-S", socket] + arguments)
        try #require(result.status == 0, "tmux \(arguments): \(result.output)")
        return result.output
    }

    /// Starts `todo ui WORDS` in a pane `width`×`height`, which stays after it ends, with
    /// the terminal's settings before and after (`stty -g`) and its exit status in files.
    /// With `jobControl`, the pane is an interactive bash that runs the line, as a person's
    /// shell would: Ctrl-Z stops `todo ui` and `fg` brings it back (a shell without job control
    /// leaves the process group orphaned, where the kernel discards SIGTSTP).
    func start(_ words: String = "", width: Int = 60, height: Int = 12, extra: String = "", jobControl: Bool = false)
        throws
    {
        let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let script =
            """
            stty -g > \(directory)/before; \(variables) \(extra) '\(todo)' ui \(words); echo $? > \(directory)/status; \
            stty -g > \(directory)/after
            """
        if jobControl {
            try tmux(
                "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "ui", "bash", "--norc", "--noprofile",
                "-i")
            try type("(\(script))")
            try keys("Enter")
        } else {
            // cat keeps the pane, and the terminal todo left, until the server is killed.
            try tmux(
                "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "ui", "sh", "-c", script + "; exec cat")
        }
        try #require(try waitFor(contains: "todo ui:"))
    }

    func screen() throws -> [String] {
        try tmux("capture-pane", "-p", "-t", "ui").split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Whether the screen shows `text` within 10 seconds.
    func waitFor(contains text: String) throws -> Bool {
        try waitUntil(10) { try self.screen().contains { $0.contains(text) } }
    }

    /// Whether `condition` holds within `seconds`, checked every 20 ms.
    func waitUntil(_ seconds: Double = 10, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "ui"] + keys) }
    func type(_ text: String) throws { try tmux("send-keys", "-t", "ui", "-l", text) }
    func tmux(_ arguments: [String]) throws { _ = try command("/usr/bin/tmux", ["-S", socket] + arguments) }

    /// The selected row's text.
    func selected() throws -> String? { try screen().first { $0.hasPrefix("> ") } }

    /// The pane ended and the terminal is as it was: modes, main screen, cursor shown.
    func expectRestored(status: String) throws {
        // The shell makes the file, then stty writes it.
        #expect(
            try waitUntil(10) {
                (try? String(contentsOfFile: self.directory + "/after", encoding: .utf8))?.hasSuffix("\n") == true
            })
        let before = try String(contentsOfFile: directory + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: directory + "/after", encoding: .utf8)
        #expect(before == after)
        #expect(try String(contentsOfFile: directory + "/status", encoding: .utf8) == status + "\n")
        #expect(try tmux("display", "-p", "-t", "ui", "#{alternate_on} #{cursor_flag}") == "0 1\n")
    }

    /// The process id of `todo ui`: the `todo` process the pane's shell started.
    func uiProcess() throws -> pid_t {
        let shell = Int32(
            try tmux("display", "-p", "-t", "ui", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines))!
        func stat(_ pid: Int32) -> (name: String, parent: Int32)? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
            else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 ? (String(text[text.index(after: open)..<close]), Int32(fields[1]) ?? 0) : nil
        }
        var found: pid_t?
        _ = try waitUntil(10) {
            for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
                guard let pid = Int32(entry), stat(pid)?.name == "todo" else { continue }
                var ancestor = pid
                for _ in 0..<4 {
                    ancestor = stat(ancestor)?.parent ?? 0
                    if ancestor == shell { found = pid }
                }
            }
            return found != nil
        }
        return try #require(found)
    }

    @Test func movesShowsAndQuitsRestoringTheTerminal() throws {
        try start()
        #expect(try selected() == "> 3 [ ] Call mom")
        try keys("j")
        #expect(try waitUntil { try self.selected() == "> 2 [ ] Buy milk" })
        try keys("Down")
        #expect(try waitUntil { try self.selected() == "> 1 [ ] Water plants  +home" })
        try keys("k")
        try keys("Enter")
        #expect(try waitFor(contains: "Name:         Buy milk"))
        try keys("Escape")
        #expect(try waitFor(contains: "> 2 [ ] Buy milk"))
        try keys("?")
        #expect(try waitFor(contains: "Tab         view: active, completed, all"))
        try keys("x")
        try keys("G")
        #expect(try waitUntil { try self.selected() == "> 1 [ ] Water plants  +home" })
        try keys("g")
        #expect(try waitUntil { try self.selected() == "> 3 [ ] Call mom" })
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func changesGoThroughTheCommands() throws {
        try start()
        try keys("d")
        #expect(try waitFor(contains: "Completed #3 \"Call mom\""))
        #expect(try cli("list", "--filter", "completed", "--ids") == "3\n")
        try keys("u")
        #expect(try waitFor(contains: "Undid:"))
        #expect(try cli("list", "--ids") == "3\n2\n1\n")
        // The todo selected stays selected: 2, once 3 was done.
        try keys("s")
        #expect(try waitFor(contains: "Started #2"))
        #expect(try cli("list", "+ACTIVE", "--ids") == "2\n")
        try keys("a")
        try type("Feed cat +pets due:tomorrow")
        try keys("Enter")
        #expect(try waitFor(contains: "Added #4 \"Feed cat\""))
        #expect(try waitUntil { try self.selected()?.hasPrefix("> 4 [ ] Feed cat  +pets due tomorrow") == true })
        try keys("m")
        try type("pri:H -pets")
        try keys("Enter")
        #expect(try waitFor(contains: "Edited #4"))
        let shown = try cli("show", "4")
        #expect(shown.contains("Priority:     H") && shown.contains("Tags:         -"))
        try keys("x")
        #expect(try waitFor(contains: "Delete #4 \"Feed cat\"?"))
        try keys("n")
        #expect(try waitFor(contains: "Not deleted."))
        try keys("x")
        try keys("y")
        #expect(try waitFor(contains: "Deleted #4 \"Feed cat\""))
        #expect(try cli("list", "--all", "--ids") == "3\n2\n1\n")
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func viewsFiltersAndContexts() throws {
        try cli("done", "2")
        try cli("context", "define", "home", "+home")
        try start()
        #expect(try waitFor(contains: "todo ui: active · 2 of 3"))
        try keys("Tab")
        #expect(try waitFor(contains: "todo ui: completed · 1 of 3"))
        #expect(try selected() == "> 2 [x] Buy milk")
        try keys("Tab")
        #expect(try waitFor(contains: "todo ui: all · 3 of 3"))
        try keys("/")
        try type("mom")
        try keys("Enter")
        #expect(try waitFor(contains: "todo ui: all · /mom · 1 of 3"))
        try keys("Escape")
        #expect(try waitFor(contains: "todo ui: all · 3 of 3"))
        try keys("c")
        try type("home")
        try keys("Enter")
        #expect(try waitFor(contains: "todo ui: all · context home · 1 of 3"))
        #expect(try selected() == "> 1 [ ] Water plants  +home")
        try keys("c", "BSpace", "BSpace", "BSpace", "BSpace", "Enter")
        #expect(try waitFor(contains: "todo ui: all · 3 of 3"))
        try keys("S")
        #expect(try waitFor(contains: "Sync is not set up"))
        try keys("C-c")
        try expectRestored(status: "0")
    }

    @Test func editsInTheEditor() throws {
        let editor = directory + "/editor.sh"
        try "#!/bin/sh\nsed -i 's/^name: .*/name: Call dad/' \"$1\"\n".write(
            toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        try start(extra: "EDITOR='\(editor)'")
        try keys("e")
        #expect(try waitFor(contains: "> 3 [ ] Call dad"))
        #expect(try cli("show", "3").contains("Name:         Call dad"))
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func showsAnOutsideChangeAndActsOnTheFileAsItIs() throws {
        try start()
        try cli("add", "From another terminal")
        #expect(try waitUntil(1.5) { try self.screen().contains { $0.contains("4 [ ] From another terminal") } })
        #expect(try waitFor(contains: "todo ui: active · 4 of 4"))
        // Selected here, deleted elsewhere: the row where it was is selected.
        try keys("g")
        #expect(try waitUntil { try self.selected() == "> 4 [ ] From another terminal" })
        try cli("delete", "4")
        #expect(try waitUntil(1.5) { try !self.screen().contains { $0.contains("From another terminal") } })
        #expect(try selected() == "> 3 [ ] Call mom")
        try keys("q")
        try expectRestored(status: "0")
    }

    /// A key pressed while the screen still showed a todo another process deleted acts on that
    /// todo, which is gone: a message, and nothing else changes.
    @Test func aKeyOnATodoDeletedMeanwhileIsAMessage() throws {
        try start()
        let pid = try uiProcess()
        kill(pid, SIGSTOP)
        try cli("delete", "3")
        try keys("d")
        // tmux writes the key when its loop next runs: wait until the pane's terminal holds it.
        let tty = try tmux("display", "-p", "-t", "ui", "#{pane_tty}").trimmingCharacters(in: .whitespacesAndNewlines)
        let terminal = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        try #require(terminal >= 0)
        defer { close(terminal) }
        #expect(
            try waitUntil {
                var waiting: Int32 = 0
                return ioctl(terminal, UInt(FIONREAD), &waiting) == 0 && waiting > 0
            })
        kill(pid, SIGCONT)
        #expect(
            try waitFor(contains: "#3 \"Call mom\" was deleted meanwhile; nothing changed"), "\((try? screen()) ?? [])")
        #expect(try selected() == "> 2 [ ] Buy milk")
        #expect(try cli("list", "--all", "--ids") == "2\n1\n")
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func redrawsInANewSize() throws {
        try start(width: 60, height: 12)
        try tmux("resize-window", "-t", "ui", "-x", "40", "-y", "10")
        #expect(try waitUntil { try self.screen().contains("q quit  ? keys  j/k move  a add  d done…") })
        let lines = try screen()
        #expect(lines.prefix(10).allSatisfy { displayColumns($0) <= 40 })
        #expect(lines[0] == "todo ui: active · 3 of 3: 3 active, 0 c…")
        try tmux("resize-window", "-t", "ui", "-x", "80", "-y", "20")
        #expect(
            try waitUntil {
                try self.screen().contains {
                    $0.hasPrefix("q quit  ? keys  j/k move  a add  d done  x delete  Enter show  Tab view")
                }
            })
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test(arguments: [(SIGTERM, "143"), (SIGINT, "130"), (SIGHUP, "129")])
    func aSignalRestoresTheTerminal(signal: Int32, status: String) throws {
        try start()
        kill(try uiProcess(), signal)
        try expectRestored(status: status)
    }

    /// The hooks run as for the command line: on-add sees the todo a added, and an on-modify
    /// that refuses keeps d from changing anything, its reason said.
    @Test func changesRunTheHooks() throws {
        let hooks = directory + "/.config/todo/hooks"
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        try "#!/bin/sh\nread task\necho \"$task\" >> \(directory)/added\necho \"$task\"\n".write(
            toFile: hooks + "/on-add.log", atomically: true, encoding: .utf8)
        try "#!/bin/sh\necho 'not today'\nexit 1\n".write(
            toFile: hooks + "/on-modify.refuse", atomically: true, encoding: .utf8)
        chmod(hooks + "/on-add.log", 0o755)
        chmod(hooks + "/on-modify.refuse", 0o755)
        try start(width: 100)
        try keys("a")
        try type("Feed cat")
        try keys("Enter")
        #expect(try waitFor(contains: "Added #4 \"Feed cat\""))
        #expect(
            try String(contentsOfFile: directory + "/added", encoding: .utf8).contains("\"description\":\"Feed cat\""))
        try keys("d")
        #expect(try waitFor(contains: "not today"))
        #expect(try cli("list", "--filter", "completed", "--ids") == "")
        try keys("q")
        try expectRestored(status: "0")
    }

    /// S runs todo-sync and says its outcome: here that the server (a port nobody listens
    /// on) cannot be reached; the status line counts what is not synced.
    @Test func syncSaysHowItWent() throws {
        let server = "http://127.0.0.1:\(try freePort())"
        try start(width: 100, extra: "TODO_SERVER=\(server) TODO_TOKEN=abc")
        #expect(try waitFor(contains: "todo ui: active · 3 of 3: 3 active, 0 completed · 3 not synced"))
        try keys("S")
        #expect(try waitFor(contains: "cannot reach \(server)"))
        try keys("q")
        try expectRestored(status: "0")
    }

    /// NO_COLOR is set for every pane here: --color always is colour all the same.
    @Test func colourWhenAskedFor() throws {
        try start("--color always")
        #expect(try tmux("capture-pane", "-p", "-e", "-t", "ui").contains("\u{1B}[7mtodo ui: active"))
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func noColourWithNoColor() throws {
        try start()
        #expect(try !tmux("capture-pane", "-p", "-e", "-t", "ui").contains("\u{1B}["))
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func aBadFilterIsAMessageAndTheListStays() throws {
        try start()
        try keys("/")
        try type("due.before:notadate")
        try keys("Enter")
        #expect(try waitFor(contains: "notadate"))
        #expect(try screen()[0] == "todo ui: active · 3 of 3: 3 active, 0 completed")
        try keys("q")
        try expectRestored(status: "0")
    }

    @Test func aCrashRestoresTheTerminal() throws {
        try start()
        kill(try uiProcess(), SIGSEGV)
        try expectRestored(status: "139")
    }

    @Test func suspendsAndComesBackWithFg() throws {
        try start(jobControl: true)
        let pid = try uiProcess()
        for stop in [{ try self.keys("C-z") }, { kill(pid, SIGTSTP) }] {
            try stop()
            #expect(
                try waitUntil {
                    try self.tmux("display", "-p", "-t", "ui", "#{alternate_on} #{cursor_flag}") == "0 1\n"
                })
            #expect(try waitFor(contains: "Stopped"), "\((try? screen()) ?? [])")
            // The shell's terminal as it was before todo ui: the shell reads it while todo is stopped.
            try type("stty -g > \(directory)/stopped; clear")
            try keys("Enter")
            #expect(
                try waitUntil {
                    (try? String(contentsOfFile: self.directory + "/stopped", encoding: .utf8))
                        == (try? String(contentsOfFile: self.directory + "/before", encoding: .utf8))
                })
            try? FileManager.default.removeItem(atPath: directory + "/stopped")
            try type("fg")
            try keys("Enter")
            #expect(try waitUntil { try self.tmux("display", "-p", "-t", "ui", "#{alternate_on}") == "1\n" })
            #expect(try waitFor(contains: "> 3 [ ] Call mom"))
        }
        try keys("j")
        #expect(try waitUntil { try self.selected() == "> 2 [ ] Buy milk" })
        try keys("q")
        try expectRestored(status: "0")
    }

    /// Columns, counting a character outside ASCII as one: enough for these screens' text.
    func displayColumns(_ text: String) -> Int { text.count }
}
