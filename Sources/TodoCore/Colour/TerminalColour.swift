/// A colour as Taskwarrior 2.6 writes one (`bold red on blue`, `color100`, `rgb123 on gray3`),
/// read, blended and drawn as its `Color` class (libshared's Color.cpp) does, so a row has
/// the escape codes `task` gives it.
///
/// Like Taskwarrior's, a colour is in one of two modes: the 16 colours (`black` … `white`,
/// bold and a bright background), or the 256 (`colorN`, `rgbRGB`, `grayN`), which draws no
/// bold; mixing the two makes the 16 colours 256 ones, a bold foreground its bright one.
public struct TerminalColour: Equatable, Sendable {
    public var bold = false
    public var underline = false
    public var inverse = false
    /// A bright background (16 colours: `on bright red`).
    public var bright = false
    /// 16 colours: 1 (black) to 8 (white), Taskwarrior's numbering; 256 colours: 0 to 255.
    public var foreground: Int?
    public var background: Int?
    public var is256 = false

    public init() {}

    /// The eight colours by name, numbered from 1 as Taskwarrior numbers them.
    public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// What a value may be, for help and messages.
    public static let rule =
        """
        words from bold, underline, inverse, a colour, and on COLOUR for the background (on bright COLOUR for a bright \
        one); a colour is one of \(names.joined(separator: ", ")), colorN (N 0 to 255), rgbRGB (each digit 0 to 5) or \
        grayN (N 0 to 23); empty for none
        """

    /// What a colour may be, in short, for messages.
    public static let shortRule =
        "one of \(names.joined(separator: ", ")), colorN, rgbRGB or grayN, with bold, underline, inverse and on COLOUR"

    /// Whether it draws anything.
    public var isVisible: Bool { self != TerminalColour() }

    /// Reads `text` as Taskwarrior does (words in any case); empty is no colour. Refuses a word
    /// it is not, a number out of range, and two colours for the foreground or the background
    /// (Taskwarrior mixes their bits).
    public init(parsing text: String) throws(ColourError) {
        var front = TerminalColour(), back = TerminalColour()
        var onBackground = false
        for word in text.split(separator: " ").map({ $0.lowercased() }) {
            switch word {
            case "bold": front.bold = true
            case "underline": front.underline = true
            case "inverse": front.inverse = true
            case "bright": back.bright = true
            case "on": onBackground = true
            case "none": continue
            default:
                guard let (index, is256) = Self.colour(word) else {
                    throw ColourError(message: "\(word.debugDescription) is not a colour: \(Self.shortRule)")
                }
                if onBackground {
                    guard back.background == nil else {
                        throw ColourError(message: "\(text.debugDescription) gives two background colours")
                    }
                    back.background = index
                    back.is256 = is256
                } else {
                    guard front.foreground == nil else {
                        throw ColourError(message: "\(text.debugDescription) gives two foreground colours")
                    }
                    front.foreground = index
                    front.is256 = is256
                }
            }
        }
        self = front
        blend(back)
    }

    /// The colour `word` names and whether it is one of the 256: `red`, `color100`, `rgb123`, `gray5`.
    private static func colour(_ word: String) -> (Int, Bool)? {
        if let index = names.firstIndex(of: word) { return (index + 1, false) }
        func number(after prefix: String, upTo limit: Int) -> Int? {
            guard word.hasPrefix(prefix) else { return nil }
            let digits = word.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits),
                value <= limit
            else { return nil }
            return value
        }
        if let n = number(after: "color", upTo: 255) { return (n, true) }
        if let n = number(after: "gray", upTo: 23) ?? number(after: "grey", upTo: 23) { return (232 + n, true) }
        if word.hasPrefix("rgb"), word.count == 6 {
            let digits = word.dropFirst(3).compactMap(\.wholeNumberValue)
            guard digits.count == 3, digits.allSatisfy({ (0...5).contains($0) }) else { return nil }
            return (16 + digits[0] * 36 + digits[1] * 6 + digits[2], true)
        }
        return nil
    }

    /// `other` laid over it, as a rule of higher precedence over one of lower: underline and
    /// inverse add up, a colour `other` has replaces this one's; among 16 colours bold and
    /// bright add up too, otherwise both become 256 colours first.
    public mutating func blend(_ other: TerminalColour) {
        guard other.isVisible, other != self else { return }
        var other = other
        underline = underline || other.underline
        inverse = inverse || other.inverse
        if !is256, !other.is256 {
            bold = bold || other.bold
            bright = bright || other.bright
        } else {
            upgrade()
            other.upgrade()
        }
        if let colour = other.foreground { foreground = colour }
        if let colour = other.background { background = colour }
    }

    /// As one of the 256 colours: a bold foreground is its bright one, as is a bright background.
    private mutating func upgrade() {
        guard !is256 else { return }
        if let colour = foreground {
            foreground = bold ? colour + 7 : colour - 1
            bold = false
        }
        if let colour = background {
            background = bright ? colour + 7 : colour - 1
            bright = false
        }
        is256 = true
    }

    /// The escape codes that start it, as Taskwarrior writes them: one sequence for the 16
    /// colours (`ESC[1;31;44m`), one for each part for the 256 (`ESC[4mESC[38;5;67m`); "" when it draws nothing.
    public var escape: String {
        guard isVisible else { return "" }
        let start = "\u{1B}["
        if is256 {
            var parts: [String] = []
            if underline { parts.append("4") }
            if inverse { parts.append("7") }
            if let foreground { parts.append("38;5;\(foreground)") }
            if let background { parts.append("48;5;\(background)") }
            return parts.map { start + $0 + "m" }.joined()
        }
        var codes: [String] = []
        if bold { codes.append("1") }
        if underline { codes.append("4") }
        if inverse { codes.append("7") }
        if let foreground { codes.append(String(29 + foreground)) }
        if let background { codes.append(String((bright ? 99 : 39) + background)) }
        return start + codes.joined(separator: ";") + "m"
    }

    /// What ends it.
    public static let reset = "\u{1B}[0m"
}

/// A colour or colour setting refused, with why.
public struct ColourError: Error, Equatable, Sendable {
    public let message: String
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
