import Foundation

extension UUID {
    /// The name-based UUID of `name` in `namespace` (RFC 4122 version 5, SHA-1): the same two
    /// give the same UUID on every device, with no clock and no random number.
    public init(name: String, namespace: UUID) {
        let space = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        var bytes = Array(SHA1.digest(space + Array(name.utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50
        bytes[8] = bytes[8] & 0x3F | 0x80
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
