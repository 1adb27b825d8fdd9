import Fluent

/// Every migration of the schema, oldest first. Append only: a database made by an older
/// server has run a prefix of this list, and `openDatabase` runs the rest.
let schemaMigrations: [any Migration] = [
    CreateSchema(), AddAttributes(), AddAccountControls(), AddTokenDetails(), AddPruning(), AddQuota(), BinaryUUIDs(),
    AddCalDAVObjects(), AddTaskChampion(),
]
