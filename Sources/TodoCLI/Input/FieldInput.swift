import Foundation
import TodoCore

/// What reading a typed value may need: the clock and zone for dates, and the todos for
/// references to them (dependencies).
struct InputContext {
    var dates: DateContext
    /// nil where no todo can be named yet; a dependency is then refused.
    var todos: TodoState?
    /// The attributes the config declares (`NAME:VALUE`).
    var udas: UDASchema = .none

    /// The value of attribute `name` as kept: checked and normalized when the config declares
    /// it (`UDADeclaration`), else trimmed text.
    func udaValue(_ name: String, typed text: String) throws(InputError) -> String {
        guard let declaration = udas[name] else { return text.trimmingCharacters(in: .whitespaces) }
        do {
            return try declaration.value(typed: text, in: dates)
        } catch {
            throw InputError(error.message)
        }
    }

    /// The UUID of the todo `reference` names (a number or UUID prefix).
    func uuid(_ reference: String) throws(InputError) -> UUID {
        guard let todos else { throw InputError("a dependency needs the todos loaded") }
        do {
            return try todos.resolve(reference).uuid
        } catch {
            throw InputError(explain(error).0)
        }
    }
}

extension TodoField {
    /// The value a person typed for this field (an option's value, an attribute word's, an
    /// edit form's line): text as it is; tags as blank-separated words; a project, rule
    /// (`2w`), priority (`H`, `m`) or date (anything `DateReader` reads) trimmed, and empty
    /// for none; dependencies as todo numbers or UUID prefixes, separated by blanks or
    /// commas; annotations one a line after their local date and time (`AnnotationLine`).
    func value(typed text: String, in context: InputContext) throws(InputError) -> FieldValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch spec.kind {
        case .text:
            return .text(text)
        case .tags:
            let tags = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
            if let bad = tags.first(where: { !Tag.isValid($0) }) {
                throw InputError("\(quoted(bad)) is no tag: \(valueRule)")
            }
            return .tags(Set(tags))
        case .word:
            guard !trimmed.isEmpty else { return .word(nil) }
            guard Tag.isWord(trimmed), let value = try? checked(.word(trimmed)) else { throw InputError(valueRule) }
            // `project::home` is a doubled colon, not a project named `:home`.
            if self == .project, trimmed.hasPrefix(":") {
                throw InputError("\(valueRule) that does not start with ':'")
            }
            return value
        case .priority:
            guard !trimmed.isEmpty else { return .priority(nil) }
            guard let priority = Priority(word: trimmed) else { throw InputError("\(valueRule), or nothing for none") }
            return .priority(priority)
        case .date:
            guard !trimmed.isEmpty else { return .date(nil) }
            do {
                return .date(try DateReader.read(trimmed, in: context.dates))
            } catch {
                throw InputError(error.description)
            }
        case .uuids:
            var uuids = Set<UUID>()
            for reference in trimmed.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
                uuids.insert(try context.uuid(String(reference)))
            }
            return .uuids(uuids)
        case .annotations:
            var annotations: [Annotation] = []
            for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
                guard let annotation = AnnotationLine.read(line, in: context.dates.timeZone) else {
                    throw InputError(
                        "\(quoted(String(line))) is no annotation: a line is YYYY-MM-DD HH:MM:SS and its text")
                }
                annotations.append(annotation)
            }
            return .annotations(annotations)
        case .udas:
            var udas: [String: String] = [:]
            for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
                guard let colon = line.firstIndex(of: ":"), UDA.isName(String(line[..<colon])) else {
                    throw InputError("\(quoted(String(line))) is no attribute: a line is NAME: VALUE")
                }
                let (name, value) = (String(line[..<colon]), String(line[line.index(after: colon)...]))
                udas[name] = try context.udaValue(name, typed: value)
            }
            return .udas(udas)
        }
    }

    /// The changes an option's value or an attribute word's makes: `--tag` adds a tag,
    /// `depends:3,-5` adds one dependency and removes another (`depends:` removes all), the
    /// others set their field.
    func changes(typed text: String, in context: InputContext) throws(InputError) -> [FieldChange] {
        switch spec.kind {
        case .tags:
            guard Tag.isValid(text) else { throw InputError(valueRule) }
            return [.addTag(text)]
        case .uuids:
            let references = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
            guard !references.isEmpty else { return [.set(self, kind.unset)] }
            var (added, removed) = (Set<UUID>(), Set<UUID>())
            for reference in references {
                if reference.first == "-" {
                    removed.insert(try context.uuid(String(reference.dropFirst())))
                } else {
                    added.insert(try context.uuid(String(reference)))
                }
            }
            return (added.isEmpty ? [] : [.add(self, .uuids(added))])
                + (removed.isEmpty ? [] : [.remove(self, .uuids(removed))])
        case .text, .word, .priority, .date, .annotations, .udas:
            return [.set(self, try value(typed: text, in: context))]
        }
    }

    private var kind: FieldKind { spec.kind }
}

/// An annotation as the edit form and `show` write it: `2026-11-25 10:00:05 called the
/// plumber`, on the local clock, to the second.
enum AnnotationLine {
    static func text(_ annotation: Annotation, in timeZone: TimeZone) -> String {
        "\(LocalTime.clock(annotation.at, in: timeZone)) \(annotation.text)"
    }

    static func read(_ line: Substring, in timeZone: TimeZone) -> Annotation? {
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2)
        guard words.count == 3, let day = CalendarDay(iso: String(words[0])) else { return nil }
        let clock = words[1].split(separator: ":").map { Int($0) }
        guard clock.count == 3, let hour = clock[0], let minute = clock[1], let second = clock[2],
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
        guard let at = calendar.date(from: parts) else { return nil }
        return Annotation(at: at, text: String(words[2]))
    }
}
