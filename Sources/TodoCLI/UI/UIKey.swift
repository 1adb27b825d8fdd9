/// A key as `todo ui` reads it from the terminal in raw mode.
enum UIKey: Equatable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
    /// Ctrl-C: quits, or leaves a prompt.
    case interrupt
    /// Ctrl-Z: the shell's job control, as in any program.
    case suspend
    /// Ctrl-L: draw the screen again.
    case redraw

    /// The keys in `bytes`, as one read from the terminal gave them. A lone ESC is Escape;
    /// an escape sequence not known here, and other control bytes, are dropped; bytes that are
    /// no UTF-8 are dropped too.
    static func keys(in bytes: [UInt8]) -> [UIKey] {
        var keys: [UIKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escape(bytes[(index + 1)...])
                if let key { keys.append(key) }
                index += 1 + length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x03: keys.append(.interrupt)
            case 0x1A: keys.append(.suspend)
            case 0x0C: keys.append(.redraw)
            case 0x0E: keys.append(.down)
            case 0x10: keys.append(.up)
            case ..<0x20: break
            case ..<0x80: keys.append(.character(Character(Unicode.Scalar(byte))))
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(bytes.count, index + length)
                guard let text = String(validating: bytes[index..<end], as: UTF8.self), let character = text.first,
                    text.count == 1
                else { break }
                keys.append(.character(character))
                index = end
                continue
            }
            index += 1
        }
        return keys
    }

    /// The key an escape sequence after ESC stands for, and how many bytes after ESC it took.
    private static func escape(_ rest: ArraySlice<UInt8>) -> (UIKey?, Int) {
        guard let first = rest.first else { return (.escape, 0) }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "O") else {
            // Alt and a key, or Escape pressed before another key: Escape.
            return (.escape, 0)
        }
        // CSI: parameters (digits, ';') then one final byte from @ to ~.
        var length = 1
        var parameters = ""
        for byte in rest.dropFirst() {
            length += 1
            if (0x40...0x7E).contains(byte) {
                return (csi(parameters, Character(Unicode.Scalar(byte))), length)
            }
            guard (0x30...0x3F).contains(byte) else { return (nil, length) }
            parameters.append(Character(Unicode.Scalar(byte)))
        }
        return (nil, length)
    }

    private static func csi(_ parameters: String, _ final: Character) -> UIKey? {
        switch (parameters, final) {
        case (_, "A"): .up
        case (_, "B"): .down
        case (_, "C"): .right
        case (_, "D"): .left
        case (_, "H"), ("1", "~"), ("7", "~"): .home
        case (_, "F"), ("4", "~"), ("8", "~"): .end
        case ("5", "~"): .pageUp
        case ("6", "~"): .pageDown
        case ("3", "~"): .backspace
        case (_, "Z"): .backTab
        default: nil
        }
    }
}
