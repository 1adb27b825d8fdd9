import Foundation
import TodoCore

/// What a key asks of the terminal shell, beyond the model it changed.
enum UIEffect: Equatable {
    /// A todo command line (without `todo`), run as the command line runs it: every change
    /// goes through the same plan, lock, journal, undo and hooks.
    case run([String])
    /// `todo edit UUID`, in the editor, with the screen handed back to it meanwhile.
    case edit(UUID)
    /// `todo show UUID`'s lines, for the details screen.
    case details(UUID)
    /// The view or the filter changed: list again from the todos already read.
    case relist
    /// `todo sync`, with its outcome said.
    case sync
    /// Ctrl-Z: stop as the shell's job control stops a program, the terminal restored.
    case suspend
    case quit
}

/// The keys of `todo ui`: each changes the model and may ask the shell for an effect. Pure:
/// no terminal, file or clock.
enum UIReducer {
    static func reduce(_ model: inout UIModel, _ key: UIKey) -> UIEffect? {
        model.message = nil
        switch model.mode {
        case .list: return list(&model, key)
        case .details(let lines, let top): return details(&model, key, lines, top)
        case .prompt(let prompt, let text): return typing(&model, key, prompt, text)
        case .confirm(let uuid):
            model.mode = .list
            if key == .character("y") || key == .character("Y") { return .run(["delete", uuidText(uuid)]) }
            model.message = "Not deleted."
            return nil
        case .help:
            model.mode = .list
            return key == .interrupt ? .quit : nil
        }
    }

    private static func list(_ model: inout UIModel, _ key: UIKey) -> UIEffect? {
        switch key {
        case .down, .character("j"): model.select(model.selection + 1)
        case .up, .character("k"): model.select(model.selection - 1)
        case .pageDown, .character(" "): model.select(model.selection + model.listHeight)
        case .pageUp: model.select(model.selection - model.listHeight)
        case .home, .character("g"): model.select(0)
        case .end, .character("G"): model.select(model.todos.count - 1)
        case .tab, .backTab:
            model.view = key == .tab ? model.view.next : model.view.next.next
            model.select(0)
            return .relist
        case .character("?"): model.mode = .help
        case .character("a"): model.mode = .prompt(.add, text: "")
        case .character("/"): model.mode = .prompt(.filter, text: model.filter.joined(separator: " "))
        case .character("c"): model.mode = .prompt(.context, text: model.context ?? "")
        case .character("u"): return .run(["undo"])
        case .character("S"): return .sync
        case .character("q"), .interrupt: return .quit
        case .suspend: return .suspend
        case .escape:
            guard !model.filter.isEmpty else { return nil }
            model.filter = []
            model.select(0)
            return .relist
        case .enter, .character("m"), .character("e"), .character("d"), .character("s"), .character("x"):
            guard let todo = model.selected else {
                model.message = "No todo here: a adds one."
                return nil
            }
            return selected(&model, key, todo)
        case .character, .left, .right, .backspace, .redraw: break
        }
        return nil
    }

    /// A key that acts on the selected todo, named by its UUID: a number the view shows may
    /// have gone to another todo since (undo, sync), a UUID never has.
    private static func selected(_ model: inout UIModel, _ key: UIKey, _ todo: Todo) -> UIEffect? {
        let id = uuidText(todo.uuid)
        switch key {
        case .enter: return .details(todo.uuid)
        case .character("m"): model.mode = .prompt(.modify(todo.uuid), text: "")
        case .character("e"): return .edit(todo.uuid)
        // done and reopen rather than toggle: a todo completed elsewhere meanwhile stays so.
        case .character("d"): return .run([todo.completed ? "reopen" : "done", id])
        case .character("s"): return .run([todo.start == nil ? "start" : "stop", id])
        case .character("x"): model.mode = .confirm(todo.uuid)
        case .character, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .escape, .tab, .backTab,
            .backspace,
            .interrupt, .suspend, .redraw:
            break
        }
        return nil
    }

    private static func details(_ model: inout UIModel, _ key: UIKey, _ lines: [String], _ top: Int) -> UIEffect? {
        let room = max(1, model.height - 3)
        let last = max(0, lines.count - room)
        switch key {
        case .down, .character("j"): model.mode = .details(lines: lines, top: min(last, top + 1))
        case .up, .character("k"): model.mode = .details(lines: lines, top: max(0, top - 1))
        case .pageDown, .character(" "): model.mode = .details(lines: lines, top: min(last, top + room))
        case .pageUp: model.mode = .details(lines: lines, top: max(0, top - room))
        case .interrupt: return .quit
        case .escape, .enter, .backspace, .left, .character("q"): model.mode = .list
        case .character, .right, .home, .end, .tab, .backTab, .suspend, .redraw: break
        }
        return nil
    }

    private static func typing(_ model: inout UIModel, _ key: UIKey, _ prompt: UIModel.Prompt, _ text: String)
        -> UIEffect?
    {
        switch key {
        case .character(let character): model.mode = .prompt(prompt, text: text + String(character))
        case .backspace: model.mode = .prompt(prompt, text: String(text.dropLast()))
        case .escape, .interrupt: model.mode = .list
        case .enter:
            model.mode = .list
            return submit(&model, prompt, words(text))
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab, .suspend, .redraw: break
        }
        return nil
    }

    private static func submit(_ model: inout UIModel, _ prompt: UIModel.Prompt, _ words: [String]) -> UIEffect? {
        // An option could name another file or change what is printed: words only.
        if let option = words.first(where: isOption) {
            model.message = "\(option): options are not read here, only words (+home, due:fri, -later)"
            return nil
        }
        switch prompt {
        case .add: return words.isEmpty ? nil : .run(["add"] + words)
        case .modify(let uuid): return words.isEmpty ? nil : .run(["modify", uuidText(uuid)] + words)
        case .filter:
            model.filter = words
            model.select(0)
            return .relist
        case .context: return .run(["context", words.first ?? "none"])
        }
    }

    /// `--json`, `-q`: an option, not a word; `--` and `-later` are words.
    private static func isOption(_ word: String) -> Bool {
        word.hasPrefix("--") ? word.count > 2 : word.count == 2 && word.hasPrefix("-") && word.last!.isLetter
    }

    /// The words of a line typed at a prompt, split at blanks as a shell splits them:
    /// text in single or double quotes is one word, blanks and all.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
