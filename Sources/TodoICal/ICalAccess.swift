/// Reading and changing a component's properties by name (in any case).
///
/// Every setter changes only the property it names, where it stands (its parameters kept),
/// and leaves it untouched, source lines and all, when it already says the value set; a
/// property it adds goes at the end of the properties. Setting nil removes every property of
/// that name.
extension ICalComponent {
    /// The first property named `name`.
    public func property(_ name: String) -> ICalProperty? { properties.first { $0.is(name) } }

    /// Every property named `name`, in order.
    public func properties(named name: String) -> [ICalProperty] { properties.filter { $0.is(name) } }

    /// The subcomponents named `name` (`VTODO`), in order.
    public func components(named name: String) -> [ICalComponent] { components.filter { $0.is(name) } }

    /// Puts `property` in the place of the first property of its name (removing none of the
    /// others), or at the end; an equal property already there is left as it is.
    public mutating func setProperty(_ property: ICalProperty) {
        guard let index = properties.firstIndex(where: { $0.is(property.name) }) else {
            properties.append(property)
            return
        }
        if properties[index] != property { properties[index] = property }
    }

    /// Removes every property named `name`.
    public mutating func removeProperties(named name: String) {
        properties.removeAll { $0.is(name) }
    }

    /// Changes the value of the first property named `name`, keeping its parameters, or
    /// adds one; nil removes them all. A value equal to the one there changes nothing.
    public mutating func setValue(_ value: String?, for name: String, parameters: [ICalParameter] = []) {
        guard let value else { return removeProperties(named: name) }
        guard let index = properties.firstIndex(where: { $0.is(name) }) else {
            properties.append(ICalProperty(name: name, parameters: parameters, value: value))
            return
        }
        if properties[index].value != value { properties[index].value = value }
    }

    /// The text of the first property named `name`, unescaped (a TEXT value).
    public func text(_ name: String) -> String? { property(name).map { ICalText.unescape($0.value) } }

    /// Sets the TEXT property `name` to `text`, unless it already says it (however escaped).
    public mutating func setText(_ text: String?, for name: String) {
        guard let text else { return removeProperties(named: name) }
        if self.text(name) == text { return }
        setValue(ICalText.escape(text), for: name)
    }

    /// The integer value of the first property named `name`.
    public func integer(_ name: String) -> Int? {
        guard let value = property(name)?.value.trimmingSpaces else { return nil }
        if value.hasPrefix("-") { return decimal(value.dropFirst()).map { -$0 } }
        return decimal(value.hasPrefix("+") ? value.dropFirst() : Substring(value))
    }

    /// Sets the INTEGER property `name`, unless it already says `value`.
    public mutating func setInteger(_ value: Int?, for name: String) {
        guard let value else { return removeProperties(named: name) }
        if integer(name) == value { return }
        setValue(String(value), for: name)
    }

    /// The DATE or DATE-TIME of the first property named `name`; nil also when it says neither.
    public func date(_ name: String) -> ICalDateValue? { property(name).flatMap(ICalDateValue.init) }

    /// Sets the date property `name` to `value`, `VALUE=DATE` and `TZID` as it needs; its
    /// other parameters are kept.
    public mutating func setDate(_ value: ICalDateValue?, for name: String) {
        guard let value else { return removeProperties(named: name) }
        if date(name) == value { return }
        var property = property(name) ?? ICalProperty(name: name, value: "")
        property.value = value.text
        switch value {
        case .date:
            property.setParameter("TZID", nil)
            property.setParameter("VALUE", ["DATE"])
        case .dateTime(_, _, let zone):
            property.setParameter("VALUE", nil)
            if case .named(let name) = zone {
                property.setParameter("TZID", [name])
            } else {
                property.setParameter("TZID", nil)
            }
        }
        setProperty(property)
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
