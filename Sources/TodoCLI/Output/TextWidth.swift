/// Terminal columns `text` takes: wide East Asian characters and emoji take two,
/// combining marks and joiners none.
func displayWidth(_ text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
}

private func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.isASCII { return 1 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    let value = first.value
    switch value {
    case 0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F: return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F680...0x1F6FF,
        0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
        return 2
    default: return 1
    }
}

/// `text` cut to at most `limit` columns, ending with … when something was cut.
func truncate(_ text: String, toWidth limit: Int) -> String {
    guard displayWidth(text) > limit else { return text }
    guard limit > 1 else { return limit == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in text {
        let next = width(of: character)
        if used + next > limit - 1 { break }
        result.append(character)
        used += next
    }
    return result + "…"
}
