import Foundation
import FuzzSupport
import TodoCore

/// The date reader: any text is read or refused with a one-line error, in any time zone,
/// without a crash; a date read writes out (its wire form) and reads back as the same date.
@_cdecl("FuzzDates_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

let zones = ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Auckland", "Europe/Berlin"].compactMap(
    TimeZone.init(identifier:))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    guard let first = input.first else { return 0 }
    // The first byte picks the zone and moves the clock, so clock changes and month ends are met.
    let zone = zones[Int(first) % zones.count]
    let context = DateContext(now: fixedNow.addingTimeInterval(Double(first) * 86_400 * 1.7), timeZone: zone)
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    do {
        let date = try DateReader.read(text, in: context)
        let wire = date.wire
        invariant(
            DueDate(wire: wire) == date,
            "\(text) read as \(date), whose wire form \(wire) reads back as \(String(describing: DueDate(wire: wire)))")
        _ = date.day(in: context)
        _ = date.hasCome(in: context)
    } catch {
        invariant(!error.description.contains("\n"), "the error for \(text) is more than one line")
    }
    return 0
}
