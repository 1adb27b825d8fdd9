import FuzzSupport
import TodoICal

/// The iCalendar reader (TodoICal): any bytes are read or refused with a one-line error. What
/// is read writes back as its input with line endings made CRLF and blank lines dropped, and
/// reads again as the same tree; written afresh (nothing kept from the input) it reads again
/// the same too, in lines of at most 75 octets; setting a typed property to the value it
/// already has changes nothing.
@_cdecl("FuzzICal_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let parsed: [ICalComponent]
    do {
        parsed = try ICalParser.parse(input)
    } catch {
        invariant(
            !error.description.contains("\n") && !error.description.contains("\r"),
            "the error is more than one line: \(error)")
        return 0
    }
    let out = ICalWriter.write(parsed)
    invariant(out == normalized(input), "an untouched read does not write back as its input")
    invariant((try? ICalParser.parse(out)) == parsed, "what was written does not read back the same")
    let fresh = ICalWriter.write(parsed.map(forgotten))
    invariant((try? ICalParser.parse(fresh)) == parsed, "the tree written afresh does not read back the same")
    for line in fresh.split(separator: 0x0A) {
        invariant(line.count <= 76, "a line written afresh is longer than 75 octets")
    }
    parsed.forEach(checkAccessors)
    return 0
}

/// `bytes` as an untouched read is written back: each line ending CRLF, blank lines gone.
func normalized(_ bytes: [UInt8]) -> [UInt8] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        .map { $0.last == 0x0D ? $0.dropLast() : $0 }
        .filter { !$0.isEmpty }
        .flatMap { Array($0) + [0x0D, 0x0A] }
}

/// The same tree built anew, so that the writer keeps none of the input's lines.
func forgotten(_ component: ICalComponent) -> ICalComponent {
    ICalComponent(
        name: component.name,
        properties: component.properties.map {
            ICalProperty(name: $0.name, parameters: $0.parameters, value: $0.value)
        },
        components: component.components.map(forgotten))
}

/// Every typed getter runs; each setter given what its getter read leaves the tree as it was.
func checkAccessors(_ component: ICalComponent) {
    var copy = component
    copy.uid = component.uid
    copy.summary = component.summary
    copy.descriptionText = component.descriptionText
    if let status = component.status { copy.status = status }
    if let priority = component.priority { copy.priority = priority }
    if let percent = component.percentComplete { copy.percentComplete = percent }
    for name in ["DUE", "DTSTART", "COMPLETED", "CREATED", "LAST-MODIFIED", "DTSTAMP", "RECURRENCE-ID"] {
        if let date = component.date(name) {
            copy.setDate(date, for: name)
            invariant(
                ICalDateValue(ICalProperty(name: name, value: date.text)) != nil, "\(name)'s date does not read back")
        }
    }
    if let rule = component.recurrenceRule {
        _ = (rule.frequency, rule.interval, rule.until, rule.count, rule.byDay)
        copy.recurrenceRule = rule
    }
    invariant(copy == component, "a setter given what its getter read changed \(component.name)")
    let categories = component.categories
    copy.categories = categories
    // Escaping writes a CR as a line break (\n): a category holding one and written anew reads
    // back with LF instead.
    let lineBreaks = { (values: [String]) in Set(values.map { ICalText.unescape(ICalText.escape($0)) }) }
    invariant(lineBreaks(copy.categories) == lineBreaks(categories), "CATEGORIES set to themselves read back otherwise")
    _ = component.xProperties
    component.components.forEach(checkAccessors)
}
