import Foundation

/// The moments tests stand at, named once, so that no test file keeps a clock of its own.
public enum FixedClock {
    /// 2026-09-21 14:13:20 UTC: when fixture todos were made, and the clock of tests that need
    /// no particular day.
    public static let epoch = Date(timeIntervalSince1970: 1_790_000_000)
    /// 2026-11-25 12:00 UTC, a Wednesday.
    public static let noon = Date(timeIntervalSince1970: 1_795_608_000)
    /// 2026-12-02 12:00 UTC, the Wednesday after `noon`: its week runs from Monday 30 November
    /// to Sunday 6 December, and its month holds the end of the year's last weeks.
    public static let december = Date(timeIntervalSince1970: 1_796_212_800)
}
