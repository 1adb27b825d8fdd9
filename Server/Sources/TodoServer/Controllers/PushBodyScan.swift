import NIOCore

/// Counts the operations of a push body before it is decoded, so that a body of more than
/// `SyncAPI.maxOperationsPerPush` operations is refused without building any of them.
///
/// A byte scan of the top-level object: it follows strings (and their escapes) and nesting,
/// and counts the elements of the array under the top-level key `operations`. Anything it does
/// not recognise answers nil, and the decoder, which reads everything, has the last word.
enum PushBodyScan {
    static func operationCount(_ body: ByteBuffer) -> Int? {
        body.withUnsafeReadableBytes { bytes in count(bytes) }
    }

    private static func count(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var depth = 0
        var index = 0
        var key: ArraySlice<UInt8> = []
        // Depth 1: the top-level object; 2: inside the operations array, when `counting`.
        var counting = false
        var count = 0
        var expectElement = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                let start = index + 1
                index += 1
                while index < bytes.count, bytes[index] != quote {
                    index += bytes[index] == backslash ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                if depth == 1 { key = ArraySlice(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
                if counting, depth == 2, expectElement { count += 1; expectElement = false }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if counting, depth == 2, expectElement { count += 1; expectElement = false }
                depth += 1
                if depth == 2, byte == UInt8(ascii: "["), key.elementsEqual("operations".utf8) {
                    counting = true
                    expectElement = true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if counting, depth == 1 { return count }
                guard depth >= 0 else { return nil }
            case UInt8(ascii: ","):
                if counting, depth == 2 { expectElement = true }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ":"):
                break
            default:
                // A number, true, false or null as an element of the array.
                if counting, depth == 2, expectElement { count += 1; expectElement = false }
            }
            index += 1
        }
        return nil
    }
}
