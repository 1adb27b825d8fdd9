/// One component of an iCalendar stream (RFC 5545): `BEGIN:NAME` … `END:NAME`, with its
/// properties and subcomponents in the order they were read.
///
/// Read by `ICalParser`, written by `ICalWriter`. What was read is kept so that writing an
/// unchanged tree gives back the bytes read (line endings made CRLF, blank lines dropped):
/// each property's folded source lines, the BEGIN and END lines, and where subcomponents stood
/// among the properties. Two components are equal when their names, properties and
/// subcomponents are; how they were written does not count.
public struct ICalComponent: Sendable, Equatable {
    /// The name as written (`VTODO`); compare it with `is(_:)`, which ignores case.
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// How it was read: its BEGIN and END lines and the layout of its children.
    var source: ComponentSource?

    public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// Whether it is a component named `name`, in any case.
    public func `is`(_ name: String) -> Bool { self.name.equalsIgnoringCase(name) }

    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.properties == b.properties && a.components == b.components
    }
}

/// How a component was read, for writing it back as it was.
struct ComponentSource: Sendable {
    /// The name it was read with: its BEGIN and END lines are written again only while it has it.
    var name: String
    /// The BEGIN and END lines as read, folded, each line ending in CRLF.
    var begin: [UInt8]
    var end: [UInt8]
    /// For each subcomponent read, how many properties came before it.
    var positions: [Int]
    /// How many properties were read: a subcomponent that came after them all stays after all.
    var propertyCount: Int
}

/// One content line: `NAME;PARAM=VALUE,VALUE:VALUE`.
///
/// The value is kept raw, as written (TEXT escapes and all): the typed accessors of
/// `ICalComponent` read and write it. While name, parameters and value are those read, the
/// writer writes the property's source lines again byte for byte.
public struct ICalProperty: Sendable, Equatable {
    /// The name as written (`SUMMARY`, `X-APPLE-SORT-ORDER`); compare it with `is(_:)`.
    public var name: String
    public var parameters: [ICalParameter]
    /// The raw value: everything after the first colon outside quotes.
    public var value: String
    /// What was read: the parts as parsed and the folded lines they came from.
    var source: PropertySource?

    public init(name: String, parameters: [ICalParameter] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
    }

    /// Whether it is a property named `name`, in any case.
    public func `is`(_ name: String) -> Bool { self.name.equalsIgnoringCase(name) }

    /// The values of its parameter `name` (in any case), if it has one.
    public func parameter(_ name: String) -> [String]? {
        parameters.first { $0.name.equalsIgnoringCase(name) }?.values
    }

    /// Sets the parameter `name` to `values` where it stands, or adds it at the end; nil removes it.
    public mutating func setParameter(_ name: String, _ values: [String]?) {
        let index = parameters.firstIndex { $0.name.equalsIgnoringCase(name) }
        switch (index, values) {
        case (let index?, let values?): parameters[index].values = values
        case (let index?, nil): parameters.remove(at: index)
        case (nil, let values?): parameters.append(ICalParameter(name: name, values: values))
        case (nil, nil): break
        }
    }

    /// The folded lines it was read from (CRLF after each), while it is unchanged since.
    public var sourceLines: [UInt8]? {
        guard let source, source.name == name, source.parameters == parameters, source.value == value else {
            return nil
        }
        return source.lines
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.parameters == b.parameters && a.value == b.value
    }
}

/// A property as read, to tell whether it has changed since.
struct PropertySource: Sendable {
    var name: String
    var parameters: [ICalParameter]
    var value: String
    var lines: [UInt8]
}

/// One parameter of a property: `TZID=Europe/Berlin`, `MEMBER="mailto:a@x","mailto:b@x"`.
public struct ICalParameter: Sendable, Equatable {
    /// The name as written (`TZID`).
    public var name: String
    /// The values, without their quotes and with RFC 6868's `^n`, `^^` and `^'` read.
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
