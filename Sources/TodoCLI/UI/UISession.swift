#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore
import TodoStore

/// `todo ui [FILTER...]`: the list `todo list FILTER...` would show, full-screen, with keys
/// for what the commands do. It needs a terminal on stdin and stdout.
enum UICommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let view: UIModel.View
        switch invocation.value(.filter) {
        case nil: view = try defaultView(context)
        case let given?:
            guard let chosen = UIModel.View(rawValue: given) else {
                throw CommandError(
                    message: "todo ui shows the views active, completed and all, not \(quoted(given))",
                    status: ExitStatus.usage)
            }
            view = chosen
        }
        guard context.stdinIsTerminal, context.stdoutIsTerminal, let terminal = UITerminal() else {
            throw CommandError(
                message: "todo ui needs a terminal on stdin and stdout; 'todo list' prints the list anywhere",
                status: ExitStatus.usage)
        }
        var session = try UISession(invocation, context, terminal: terminal, view: view)
        return .output(session.loop())
    }

    /// The view of the config's default filter, when it is one of the views; else active.
    private static func defaultView(_ context: Context) throws -> UIModel.View {
        let settings = try ReportSettings(try parse(["list"]).get(), try context.config(), context.environment)
        return UIModel.View(rawValue: settings.defaultFilter.rawValue) ?? .active
    }
}

/// The shell around the pure model: reads the state file, lists, runs commands for keys,
/// watches the file, and draws. Each change runs the command it mirrors through `run`, as
/// if typed: the same plan, lock, journal, undo and hooks.
struct UISession {
    private var model = UIModel()
    private let base: Context
    private let terminal: UITerminal
    private var watch: UIWatch
    private let store: StateFile
    /// The options every command it runs is given: the file, the syntax, --no-context.
    private let options: [String]
    private var style = Style.plain
    /// The state as last read, listed again when the view or the filter changes.
    private var state = TodoState()
    /// The filter words last listed without an error, put back when new ones have one.
    private var listedFilter: [String] = []

    init(_ invocation: Invocation, _ context: Context, terminal: UITerminal, view: UIModel.View) throws {
        base = context
        self.terminal = terminal
        var options: [String] = []
        if let file = invocation.value(.file) { options += ["--file", file] }
        if let syntax = invocation.value(.syntax) { options += ["--syntax", syntax] }
        if invocation.flag(.noContext) { options.append("--no-context") }
        self.options = options
        store = try stateFile(invocation, context)
        watch = UIWatch(stateFile: store.path)
        style = context.stdoutStyle(invocation)
        model.view = view
        model.filter = invocation.arguments
        model.timeZone = context.timeZone
    }

    /// Runs until q, Ctrl-C, a hang-up or a signal that ends it; the terminal restored.
    mutating func loop() -> Output {
        terminal.show()
        defer {
            terminal.close()
            watch.close()
        }
        model.resize(width: terminal.size.width, height: terminal.size.height)
        reload()
        draw()
        while true {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
            ]
            // Bounded, though nothing needs a wake-up: every change is an event.
            let ready = poll(&descriptors, nfds_t(descriptors.count), 5000)
            if ready < 0, errno != EINTR {
                return Output(stderr: "todo: ui: \(String(cString: strerror(errno)))\n", status: ExitStatus.failure)
            }
            // The state file's folder made since by another todo: watched from now on.
            if ready == 0, watch.watch() { reload() }
            if descriptors[1].revents != 0 {
                for signal in terminal.takeSignals() where !handle(signal) { return Output() }
            }
            // Keys first, those already typed too: a key pressed on what the screen showed acts
            // on that todo, by its UUID, even when the file changed meanwhile; the change is read after.
            if descriptors[0].revents != 0 || descriptors[2].revents != 0 {
                guard takeKeys() else { return Output() }
            }
            if descriptors[2].revents != 0, watch.changed() { reload() }
            draw()
        }
    }

    /// Reads and carries out the keys typed, if any, without waiting; whether to go on (not
    /// after q, nor when the terminal is gone).
    private mutating func takeKeys() -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, 0) > 0 else { return true }
        guard input.revents & Int16(POLLIN) != 0 else {
            return input.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0
        }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return false }
        for key in UIKey.keys(in: Array(bytes.prefix(max(0, count)))) {
            guard let effect = UIReducer.reduce(&model, key) else { continue }
            if !perform(effect) { return false }
        }
        return true
    }

    /// Whether to go on after `signal`; one that ends the program ends it here, by itself,
    /// once the terminal is restored.
    private mutating func handle(_ signal: Int32) -> Bool {
        switch signal {
        case SIGWINCH:
            model.resize(width: terminal.size.width, height: terminal.size.height)
        case SIGTSTP:
            terminal.suspend()
            model.resize(width: terminal.size.width, height: terminal.size.height)
        case SIGCONT:
            // Continued after a stop todo did not see coming (SIGSTOP): raw mode again.
            terminal.show()
        default:
            terminal.close()
            watch.close()
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
            return false
        }
        return true
    }

    /// Carries out what a key asked; whether to go on.
    private mutating func perform(_ effect: UIEffect) -> Bool {
        switch effect {
        case .quit: return false
        case .suspend:
            terminal.suspend()
            model.resize(width: terminal.size.width, height: terminal.size.height)
        case .relist: relist()
        case .run(let words):
            let shown = model.todos
            let output = command(words)
            model.message = said(output)
            reload()
            // A todo the key named, deleted by another todo since the screen showed it.
            if output.status != 0, words.count > 1, let uuid = UUID(uuidString: words[1]),
                !state.todos.contains(where: { $0.uuid == uuid }),
                let gone = shown.first(where: { $0.uuid == uuid })
            {
                model.message = "\(label(gone)) was deleted meanwhile; nothing changed"
            }
            // add prints the new todo's number: select it, and say what was added.
            if words.first == "add", output.status == 0, let id = Int(output.stdout.prefix { $0 != "\n" }),
                let index = model.todos.firstIndex(where: { $0.id == id })
            {
                model.select(index)
                model.message = "Added \(label(model.todos[index]))"
            }
        case .details(let uuid):
            let output = command(["show", uuidText(uuid)])
            if output.status == 0 {
                model.mode = .details(
                    lines: output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
                        String.init), top: 0)
            } else {
                model.message = said(output)
                reload()
            }
        case .edit(let uuid):
            terminal.restore()
            var context = fresh(["edit", uuidText(uuid)] + options)
            context.stdinIsTerminal = true
            context.stdoutIsTerminal = true
            context.runEditor = base.runEditor
            let output = TodoCLI.run(context)
            terminal.show()
            model.message = said(output)
            reload()
        case .sync: sync()
        }
        return true
    }

    /// `todo WORDS` run as the command line runs it, its output kept for the message line.
    private func command(_ words: [String]) -> Output {
        TodoCLI.run(fresh(words + options))
    }

    /// A context like the one `todo ui` was started with, for another command line: its
    /// settings read afresh (`todo context` may have changed them), its warnings kept.
    private func fresh(_ arguments: [String]) -> Context {
        var context = Context(
            arguments: base.overrideWords + arguments, environment: base.environment, now: base.now,
            timeZone: base.timeZone,
            newUUID: base.newUUID, network: base.network)
        context.warn = { _ in }
        return context
    }

    /// The line that says how a command went: its error, else its first line.
    private func said(_ output: Output) -> String? {
        let text =
            output.status != 0 && !output.stderr.isEmpty
            ? output.stderr : output.stdout.isEmpty ? output.stderr : output.stdout
        guard let line = text.split(separator: "\n").first else { return nil }
        return line.hasPrefix("todo: ") ? String(line.dropFirst(6)) : String(line)
    }

    /// `todo sync` by `todo-sync`, as the command hands over to it, its last line said.
    private mutating func sync() {
        guard model.syncConfigured else {
            model.message = "Sync is not set up: 'todo config server URL' and 'todo config token TOKEN' set it up."
            return
        }
        model.message = "Syncing…"
        draw()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: syncHelperPath())
        process.arguments = base.overrideWords + ["sync"] + options
        process.environment = base.environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            let line =
                process.terminationStatus == 0 ? lines.first { $0.hasPrefix("Synced") } ?? lines.last : lines.last
            model.message = line.map { $0.hasPrefix("todo: ") ? String($0.dropFirst(6)) : String($0) } ?? "Synced."
        } catch {
            model.message = "todo-sync could not run: \(error)"
        }
        reload()
    }

    /// Reads the state file again and lists it.
    private mutating func reload() {
        watch.watch()
        do {
            state = try store.load()
        } catch {
            model.message = explain(error).0
        }
        relist()
    }

    /// Lists the state as `todo list` would with the view's --filter and the filter words.
    private mutating func relist() {
        do {
            var context = fresh(["list", "--filter", model.view.rawValue] + options + model.filter)
            try context.takeConfigOverrides()
            context.stdoutIsTerminal = true
            let invocation = try parse(context.arguments).get()
            let listing = try Listing(invocation, context)
            let now = context.now()
            let shown = Expiry.expiring(
                state, clock: DateContext(now: now, timeZone: context.timeZone), in: context.timeZone
            ).state
            let (todos, _, _, _) = try ListCommand.Selection(listing).todos(in: shown)
            model.now = now
            model.context = listing.settings.context?.name
            model.syncConfigured = listing.marksUnsynced
            model.replace(todos: todos, counts: shown.counts)
            listedFilter = model.filter
        } catch {
            model.message = (error as? UsageError)?.message ?? explain(error).0
            model.filter = listedFilter
        }
    }

    private func draw() {
        terminal.draw(UIScreen.lines(model, style: style))
    }
}
