import Foundation
import Testing

/// `list recur:RULE` and `list until:DATE` as Taskwarrior's filters read them, from the
/// command line to the list.
@Suite struct RuleAndUntilFilterTests {
    let todo: InProcess

    /// #1 rent (monthly), #2 plants (weekly, until 31 January), #3 standup (a week after each
    /// completion), #4 milk (no rule).
    init() throws {
        todo = try InProcess()
        todo.run("add", "rent", "due:2026-12-01", "recur:monthly")
        todo.run("add", "plants", "due:2026-11-26", "recur:weekly", "until:2027-01-31")
        todo.run("add", "standup", "due:2026-11-26", "recur:+1w")
        todo.run("add", "milk")
    }

    @Test func recurFindsTheRuleHoweverItIsWritten() {
        #expect(todo.ids("list", "recur:weekly") == [2])
        #expect(todo.ids("list", "recur:1w") == [2])
        #expect(todo.ids("list", "recur:7d") == [2])
        #expect(todo.ids("list", "recur:P1W") == [2])
        #expect(todo.ids("list", "recur:monthly") == [1])
        #expect(todo.ids("list", "recur:+1w") == [3])
        #expect(todo.ids("list", "recur:") == [4])
        #expect(todo.ids("list", "recur.any:") == [3, 2, 1])
        #expect(todo.ids("list", "recur.not:weekly") == [4, 3, 1])
    }

    @Test func untilFindsTheEndOfASeries() {
        #expect(todo.ids("list", "until:2027-01-31") == [2])
        #expect(todo.ids("list", "until.before:2027-06-01") == [2])
        #expect(todo.ids("list", "until:") == [4, 3, 1])
    }

    @Test func aWordThatIsNoRuleIsAUsageError() {
        let result = todo.run("list", "recur:often")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("todo: \"recur:often\": a rule is daily, weekdays, weekly"), "\(result.stderr)")
        #expect(result.stdout == "")
    }
}
