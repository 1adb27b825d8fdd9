import Fluent

/// Every migration of the schema, oldest first, the ones that write a time taking it from
/// `clock` (the application's, `configure` passes it). Append only: a database made by an
/// older server has run a prefix of this list, and `openDatabase` runs the rest.
func schemaMigrations(clock: ServerClock) -> [any Migration] {
    [
        CreateSchema(clock: clock), AddAttributes(), AddAccountControls(), AddTokenDetails(), AddPruning(clock: clock),
        AddQuota(),
        BinaryUUIDs(), AddCalDAVObjects(), AddTaskChampion(), AddPrunedRecords(), AddPrunedOperations(),
        AddTodoOpIds()
    ]
}

/// The names of `schemaMigrations`, in order: what `SchemaStatus` compares with the database's
/// log (naming a migration reads no time, so the clock is a throwaway).
let schemaMigrationNames = schemaMigrations(clock: ServerClock()).map(\.name)
