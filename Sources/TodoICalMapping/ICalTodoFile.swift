import Foundation
import TodoCore
import TodoICal

/// An .ics file of todos: what `todo export --to ical` writes and `todo import --from ical` reads.
public enum ICalTodoFile {
    public static let productID = "-//todo//todo export//EN"

    /// A VCALENDAR holding a fresh VTODO for each todo, in the order given.
    public static func export(_ todos: [Todo], clock: ICalClock) -> String {
        let calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [ICalProperty(name: "VERSION", value: "2.0"), ICalProperty(name: "PRODID", value: productID)],
            components: todos.map { VTodoMapping.fresh($0, uuid: $0.uuid, clock: clock) })
        return ICalWriter.text([calendar])
    }

    /// The todos of every VTODO in `bytes` (inside VCALENDARs or alone), in order, and the
    /// notes on what todo could not hold; refused when the file is no iCalendar stream, a
    /// VTODO cannot be a todo, or two VTODOs stand for one todo.
    public static func read(_ bytes: [UInt8], clock: ICalClock) throws(VTodoMapping.Refusal) -> (
        todos: [ImportedTodo], notes: [String]
    ) {
        let components: [ICalComponent]
        do {
            components = try ICalParser.parse(bytes)
        } catch {
            throw VTodoMapping.Refusal(message: error.description)
        }
        let vtodos = components.flatMap { $0.is("VTODO") ? [$0] : $0.components(named: "VTODO") }
        var todos: [ImportedTodo] = []
        var notes: [String] = []
        var seen: Set<UUID> = []
        for vtodo in vtodos {
            let reading = try VTodoMapping.read(vtodo, clock: clock)
            guard seen.insert(reading.todo.uuid).inserted else {
                throw VTodoMapping.Refusal(
                    message:
                        """
                        two VTODOs have the \
                        UID \(vtodo.uid ?? "")\
                        \(vtodo.property("RECURRENCE-ID").map { " and RECURRENCE-ID \($0.value)" } ?? "")
                        """
                )
            }
            todos.append(reading.todo)
            notes += reading.notes
        }
        return (todos, notes)
    }
}
