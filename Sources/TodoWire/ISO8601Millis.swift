import Foundation
import TodoCore

/// ISO 8601 UTC timestamps with milliseconds (`2026-11-21T01:33:29.123Z`), rounded, not truncated.
///
/// Hand-written because it runs for every date of every todo when a state file is read or
/// written, and Foundation's formatters are both slower and truncating.
public enum ISO8601Millis {
    /// Milliseconds since 1970, rounded to the nearest.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    public static func string(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 24-byte form of `date` to `out`: written in place, digit by digit, as a
    /// state file of 10,000 todos has 20,000 of them.
    public static func append(_ date: Date, to out: inout [UInt8]) {
        let (days, msOfDay) = floorDivide(milliseconds(date), 86_400_000)
        let (year, month, day) = CalendarDay(ordinal: Int(days)).components
        let time = Int(msOfDay)
        let start = out.count
        let template: StaticString = "0000-00-00T00:00:00.000Z"
        template.withUTF8Buffer { out.append(contentsOf: $0) }
        out.withUnsafeMutableBufferPointer { buffer in
            let text = UnsafeMutableBufferPointer(rebasing: buffer[start...])
            func put(_ value: Int, at offset: Int, digits: Int) {
                var rest = value
                for index in (offset..<offset + digits).reversed() {
                    text[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                    rest /= 10
                }
            }
            put(year, at: 0, digits: 4)
            put(month, at: 5, digits: 2)
            put(day, at: 8, digits: 2)
            put(time / 3_600_000, at: 11, digits: 2)
            put(time / 60_000 % 60, at: 14, digits: 2)
            put(time / 1000 % 60, at: 17, digits: 2)
            put(time % 1000, at: 20, digits: 3)
        }
    }

    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z`; up to 9 fraction digits, rounded to milliseconds.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        if bytes.count == 24, let date = parseCanonical(bytes) { return date }
        guard bytes.count >= 20, bytes.count <= 30 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in from..<from + count {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x74,
            bytes[13] == 0x3A, bytes[16] == 0x3A,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
        else { return nil }
        var index = 19
        var fractionMs: Int64 = 0
        if bytes[index] == 0x2E {
            index += 1
            var scale: Int64 = 100_000_000
            var nanos: Int64 = 0
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                guard index - start < 9 else { return nil }
                nanos += Int64(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
            fractionMs = (nanos + 500_000) / 1_000_000
        }
        guard index == bytes.count - 1, bytes[index] == 0x5A || bytes[index] == 0x7A else {
            return nil
        }
        return compose(year, month, day, hour, minute, second, fractionMs)
    }

    /// The common `YYYY-MM-DDTHH:MM:SS.fffZ` form, with no branches per digit.
    @inline(__always)
    private static func parseCanonical(_ bytes: UnsafeRawBufferPointer) -> Date? {
        var bad: UInt8 = 0
        @inline(__always) func digit(_ index: Int) -> Int64 {
            let value = bytes[index] &- 48
            bad |= value > 9 ? 1 : 0
            return Int64(value)
        }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        let millis = digit(20) * 100 + digit(21) * 10 + digit(22)
        guard bad == 0, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
        else { return nil }
        return compose(year, month, day, hour, minute, second, millis)
    }

    /// 10000-01-01T00:00:00Z: the first instant the 24-byte form cannot write.
    private static let endOfYear9999: Int64 = 253_402_300_800_000

    /// The date of these UTC fields, if each is in its range.
    @inline(__always)
    private static func compose(
        _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64, _ millis: Int64
    ) -> Date? {
        guard month >= 1, month <= 12, day >= 1, day <= CalendarDay.daysIn(month: Int(month), year: Int(year)),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Int64(CalendarDay.ordinal(year: Int(year), month: Int(month), day: Int(day)))
        let milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
        // A fraction rounded up past 9999-12-31T23:59:59.999Z would need a fifth year digit.
        guard milliseconds < endOfYear9999 else { return nil }
        return date(milliseconds: milliseconds)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a >= 0 ? a / b : (a - b + 1) / b
        return (quotient, a - quotient * b)
    }
}
