import Foundation
import TodoCore

/// What `todo ui` shows, all of it: the list as `todo list` would print it with the same
/// words, which row is selected, the view, the filter, the terminal's size and what is asked
/// or said at the bottom. `UIScreen` draws it; `UIReducer` changes it by keys.
struct UIModel: Equatable {
    /// The views Tab cycles through: `list --filter active`, `completed`, `all`.
    enum View: String, CaseIterable {
        case active, completed, all

        var next: View {
            switch self {
            case .active: .completed
            case .completed: .all
            case .all: .active
            }
        }
    }

    /// What a prompt at the bottom reads, and what its text is for once Enter is pressed.
    enum Prompt: Equatable {
        /// Attribute words, as `todo add` reads them.
        case add
        /// Attribute words for the todo with this UUID, as `todo modify` reads them.
        case modify(UUID)
        /// Filter words, as `todo list` reads them.
        case filter
        /// A context's name, or none.
        case context
    }

    enum Mode: Equatable {
        case list
        /// `todo show`'s lines for one todo, from the line `top`.
        case details(lines: [String], top: Int)
        case prompt(Prompt, text: String)
        /// Delete this todo? Asked once.
        case confirm(UUID)
        case help
    }

    /// The todos listed, in the list's order; `replace` changes them.
    private(set) var todos: [Todo] = []
    /// Digits of the largest number listed, so that the columns keep still as the list scrolls.
    private(set) var numberWidth = 1
    /// The counts of every todo in the file, for the status line.
    var counts = TodoCounts()
    /// Index in `todos` of the selected row (0 when there is none).
    var selection = 0
    /// Index in `todos` of the first row on screen.
    var top = 0
    var view: View = .active
    /// The filter words, as typed after `/` (or given after `todo ui`).
    var filter: [String] = []
    /// The context in force, by name.
    var context: String?
    /// Whether a server is set: then the status line counts the todos not yet synced, and
    /// the list marks them with `*`.
    var syncConfigured = false
    var width = 80
    var height = 24
    var mode: Mode = .list
    /// One line said at the bottom until the next key: what a command said, or an error.
    var message: String?
    /// The clock and zone due dates are counted on (`in 3d`).
    var now = Date(timeIntervalSince1970: 0)
    var timeZone = TimeZone(identifier: "UTC")!

    /// Rows the list has on screen: all but the status line, the message line and the keys.
    var listHeight: Int { max(1, height - 3) }

    var selected: Todo? { todos.indices.contains(selection) ? todos[selection] : nil }

    /// The list replaced by `todos` (after a change or a read of the file): the same todo
    /// stays selected while it is listed, else the row where it was.
    mutating func replace(todos: [Todo], counts: TodoCounts) {
        let kept = selected.map(\.uuid)
        self.todos = todos
        self.counts = counts
        numberWidth = String(todos.lazy.map(\.id).max() ?? 0).count
        if let kept, let index = todos.firstIndex(where: { $0.uuid == kept }) { selection = index }
        select(selection)
    }

    /// Selects row `index`, kept within the list, and scrolls so that it is on screen.
    mutating func select(_ index: Int) {
        selection = max(0, min(index, todos.count - 1))
        if selection < top { top = selection }
        if selection >= top + listHeight { top = selection - listHeight + 1 }
        top = max(0, min(top, max(0, todos.count - listHeight)))
    }

    /// The model in a terminal of this size, the selection still on screen.
    mutating func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        select(selection)
    }
}
