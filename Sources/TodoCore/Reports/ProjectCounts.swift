import Foundation

/// A project with the todos in it and in its sub-projects: what `todo projects`, `todo
/// summary` and the completion of `project:` show.
public struct ProjectCount: Equatable, Sendable {
    /// The whole name (`home.garden`); nil for the todos without a project.
    public var project: String?
    public var active = 0
    public var completed = 0
    /// The creation times of the active todos added up (seconds since 1970), for their average age.
    public var activeCreated = 0.0

    /// How many parents the project has: 1 for `home.garden`.
    public var depth: Int { project.map { $0.count { $0 == "." } } ?? 0 }
    /// The last part of the name (`garden`), or `(none)`.
    public var leaf: String {
        project.map { String($0.split(separator: ".", omittingEmptySubsequences: false).last ?? "") } ?? "(none)"
    }
    public var total: Int { active + completed }
    /// Completed todos in percent of all, rounded down; 0 without todos.
    public var percentDone: Int { total == 0 ? 0 : completed * 100 / total }

    /// The average age of the active todos at `now`, in seconds; nil without any.
    public func averageAge(at now: Date) -> Double? {
        active == 0 ? nil : now.timeIntervalSince1970 - activeCreated / Double(active)
    }
}

public enum ProjectTree {
    /// Every project of `todos` and every project above one, each counting the todos in it or
    /// below it, in tree order (a project before its sub-projects, siblings by name); the
    /// todos without a project last, when there are any.
    public static func counts(_ todos: [Todo]) -> [ProjectCount] {
        var counts: [String: ProjectCount] = [:]
        var none = ProjectCount(project: nil)
        for todo in todos {
            guard let project = todo.project else {
                add(todo, to: &none)
                continue
            }
            var name = Substring(project)
            while true {
                let key = String(name)
                add(todo, to: &counts[key, default: ProjectCount(project: key)])
                guard let dot = name.lastIndex(of: ".") else { break }
                name = name[..<dot]
            }
        }
        let sorted = counts.values.sorted { lhs, rhs in
            lhs.project!.split(separator: ".", omittingEmptySubsequences: false)
                .lexicographicallyPrecedes(rhs.project!.split(separator: ".", omittingEmptySubsequences: false))
        }
        return none.total > 0 ? sorted + [none] : sorted
    }

    private static func add(_ todo: Todo, to count: inout ProjectCount) {
        if todo.completed {
            count.completed += 1
        } else {
            count.active += 1
            count.activeCreated += todo.createdAt.timeIntervalSince1970
        }
    }
}

/// A tag with the todos that carry it: what `todo tags` and the completion of `+` show.
public struct TagCount: Equatable, Sendable {
    public var tag: String
    public var active = 0
    public var completed = 0

    /// Every tag of `todos`, by name.
    public static func counts(_ todos: [Todo]) -> [TagCount] {
        var counts: [String: TagCount] = [:]
        for todo in todos {
            for tag in todo.tags {
                if todo.completed {
                    counts[tag, default: TagCount(tag: tag)].completed += 1
                } else {
                    counts[tag, default: TagCount(tag: tag)].active += 1
                }
            }
        }
        return counts.values.sorted { $0.tag < $1.tag }
    }
}
