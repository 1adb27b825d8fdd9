import Foundation
import TodoCore
import TodoICal

/// Each field of the field table read from a VTODO and written into one, where its `ical`
/// column says (`ICalMapping`).
enum VTodoFields {
    /// The value of `field` the VTODO holds, as the field keeps it; what todo cannot hold
    /// (a category with a control character, an RRULE it has no rule for) is left out and
    /// said in `notes`.
    static func value(of field: TodoField, in vtodo: ICalComponent, clock: ICalClock, notes: inout [String])
        -> FieldValue
    {
        let raw = rawValue(of: field, in: vtodo, clock: clock, notes: &notes)
        return (try? field.checked(raw)) ?? raw
    }

    private static func rawValue(of field: TodoField, in vtodo: ICalComponent, clock: ICalClock, notes: inout [String])
        -> FieldValue
    {
        guard let mapping = field.spec.ical else { return field.spec.kind.unset }
        switch mapping {
        case .text(let name):
            return text(vtodo.text(name), as: field.spec.kind)
        case .categories:
            var tags: Set<String> = []
            for category in vtodo.categories where !category.isEmpty {
                let tag = String(category.map { $0 == " " ? blank : $0 })
                if Tag.isValid(tag) {
                    tags.insert(tag)
                } else {
                    notes.append("the category '\(category)' is no tag todo can hold; left out")
                }
            }
            return .tags(tags)
        case .priority:
            return .priority(ICalPriority.priority(vtodo.priority))
        case .date(let name):
            return .date(vtodo.date(name).flatMap(clock.dueDate))
        case .rule(let otherwise):
            if let text = vtodo.text(otherwise), let rule = Recurrence(rule: text) { return .word(rule.rule) }
            guard let rule = vtodo.recurrenceRule else { return .word(nil) }
            guard let recurrence = ICalRules.recurrence(rule) else {
                notes.append("the rule RRULE:\(rule.text) is not one todo repeats by; left out")
                return .word(nil)
            }
            return .word(recurrence.rule)
        case .until(let otherwise):
            if let until = vtodo.date(otherwise) { return .date(clock.dueDate(until)) }
            guard ruleHolder(vtodo) == .rrule, let until = vtodo.recurrenceRule?.until else { return .date(nil) }
            return .date(clock.dueDate(until))
        case .related(let type):
            return .uuids(Set(related(type, in: vtodo).map { ICalUID.uuid(for: ICalText.unescape($0.value)) }))
        case .annotations(let name):
            return .annotations(vtodo.properties(named: name).compactMap { annotation($0, clock: clock) })
        case .udas(let name):
            var udas: [String: String] = [:]
            for property in vtodo.properties(named: name) {
                guard let key = property.parameter(udaName)?.first else { continue }
                udas[key] = ICalText.unescape(property.value)
            }
            return .udas(udas)
        }
    }

    /// Writes `value` of `field` into the VTODO, changing only the properties that say it.
    static func write(_ value: FieldValue, of field: TodoField, into vtodo: inout ICalComponent, clock: ICalClock) {
        guard let mapping = field.spec.ical else { return }
        switch mapping {
        case .text(let name):
            let text = value.textValue ?? (value.wordValue ?? nil)
            vtodo.setText(text.flatMap { $0.isEmpty ? nil : $0 }, for: name)
        case .categories:
            vtodo.categories = (value.tagsValue ?? []).sorted().map { String($0.map { $0 == blank ? " " : $0 }) }
        case .priority:
            let priority = value.priorityValue ?? nil
            if ICalPriority.priority(vtodo.priority) != priority { vtodo.priority = priority.map(ICalPriority.number) }
        case .date(let name):
            let date = value.dateValue ?? nil
            vtodo.setDate(date.flatMap { clock.value($0, replacing: vtodo.date(name)) }, for: name)
        case .rule(let otherwise):
            let recurrence = (value.wordValue ?? nil).flatMap(Recurrence.init(rule:))
            let until = vtodo.date(otherwise) ?? (ruleHolder(vtodo) == .rrule ? vtodo.recurrenceRule?.until : nil)
            if let recurrence, let rule = ICalRules.rule(recurrence, until: until) {
                vtodo.recurrenceRule = rule
                vtodo.setText(nil, for: otherwise)
            } else {
                if ruleHolder(vtodo) == .rrule { vtodo.recurrenceRule = nil }
                vtodo.setText(recurrence?.rule, for: otherwise)
            }
        case .until(let otherwise):
            let until = (value.dateValue ?? nil).flatMap { clock.value($0) }
            if ruleHolder(vtodo) == .rrule, let rule = vtodo.recurrenceRule {
                vtodo.recurrenceRule = ICalRules.rule(rule, until: until)
                vtodo.setDate(nil, for: otherwise)
            } else {
                vtodo.setDate(until, for: otherwise)
            }
        case .related(let type):
            let wanted = value.uuidsValue ?? []
            let kept = Set(
                related(type, in: vtodo).map { ICalUID.uuid(for: ICalText.unescape($0.value)) }.filter(wanted.contains))
            vtodo.properties.removeAll {
                isRelated($0, type) && !wanted.contains(ICalUID.uuid(for: ICalText.unescape($0.value)))
            }
            for uuid in wanted.subtracting(kept).sorted(by: { $0.uuidString < $1.uuidString }) {
                vtodo.properties.append(
                    ICalProperty(
                        name: "RELATED-TO", parameters: [ICalParameter(name: "RELTYPE", values: [type])],
                        value: ICalUID.uid(for: uuid)))
            }
        case .annotations(let name):
            let wanted = Set(value.annotationsValue ?? [])
            let kept = Set(vtodo.properties(named: name).compactMap { annotation($0, clock: clock) }).intersection(
                wanted)
            vtodo.properties.removeAll { $0.is(name) && !(annotation($0, clock: clock).map(wanted.contains) ?? false) }
            for added in wanted.subtracting(kept).sorted() {
                guard let at = clock.utc(added.at) else { continue }
                vtodo.properties.append(
                    ICalProperty(
                        name: name, parameters: [ICalParameter(name: annotationTime, values: [at.text])],
                        value: ICalText.escape(added.text)))
            }
        case .udas(let name):
            let wanted = value.udasValue ?? [:]
            vtodo.properties.removeAll {
                $0.is(name) && ($0.parameter(udaName)?.first).map { wanted[$0] == nil } ?? true
            }
            for (key, text) in wanted.sorted(by: { $0.key < $1.key }) {
                if let index = vtodo.properties.firstIndex(where: { $0.is(name) && $0.parameter(udaName)?.first == key }
                ) {
                    if ICalText.unescape(vtodo.properties[index].value) != text {
                        vtodo.properties[index].value = ICalText.escape(text)
                    }
                } else {
                    vtodo.properties.append(
                        ICalProperty(
                            name: name, parameters: [ICalParameter(name: udaName, values: [key])],
                            value: ICalText.escape(text)))
                }
            }
        }
    }

    /// What a blank in a category is in a tag (as in a project from Taskwarrior).
    static let blank: Character = "\u{2423}"
    /// The parameter naming a user-defined attribute, and the one giving an annotation's time.
    static let udaName = "X-TODO-NAME", annotationTime = "X-TODO-AT"

    /// Where the VTODO's rule is: RRULE, or todo's own property (a rule counted from completion).
    enum RuleHolder { case rrule, own, none }

    static func ruleHolder(_ vtodo: ICalComponent) -> RuleHolder {
        guard case .rule(let otherwise)? = TodoField.recur.spec.ical else { return .none }
        if vtodo.text(otherwise).flatMap(Recurrence.init(rule:)) != nil { return .own }
        return vtodo.recurrenceRule.flatMap(ICalRules.recurrence) != nil ? .rrule : .none
    }

    static func text(_ text: String?, as kind: FieldKind) -> FieldValue {
        switch kind {
        case .text: .text(text ?? "")
        case .word: .word(text.flatMap { $0.isEmpty ? nil : $0 })
        case .tags, .priority, .date, .uuids, .annotations, .udas: kind.unset
        }
    }

    static func isRelated(_ property: ICalProperty, _ type: String) -> Bool {
        property.is("RELATED-TO") && property.parameter("RELTYPE")?.first?.uppercased() == type.uppercased()
    }

    static func related(_ type: String, in vtodo: ICalComponent) -> [ICalProperty] {
        vtodo.properties.filter { isRelated($0, type) }
    }

    static func annotation(_ property: ICalProperty, clock: ICalClock) -> Annotation? {
        guard let at = property.parameter(annotationTime)?.first,
            let value = ICalDateValue(ICalProperty(name: annotationTime, value: at)), let instant = clock.instant(value)
        else { return nil }
        return Annotation(at: instant, text: ICalText.unescape(property.value))
    }
}
