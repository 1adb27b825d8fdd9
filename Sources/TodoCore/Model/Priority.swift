/// A todo's priority, written `H`, `M` or `L` as in Taskwarrior; no priority is `nil`.
public enum Priority: String, CaseIterable, Comparable, Sendable, Codable {
    case high = "H"
    case medium = "M"
    case low = "L"

    /// Reads `H`, `M` or `L` in either case.
    public init?(word: some StringProtocol) {
        self.init(rawValue: word.uppercased())
    }

    /// Low < medium < high.
    public static func < (lhs: Priority, rhs: Priority) -> Bool {
        lhs.rank < rhs.rank
    }

    var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }
}
