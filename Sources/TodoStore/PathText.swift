#if canImport(Glibc)
    import Glibc
#endif

/// Path arithmetic on plain strings, and the few file system calls built on it.
///
/// Foundation's `NSString` path methods trap on some one-character relative paths (`a`),
/// so nothing here uses them.
public enum PathText {
    /// The directory part of `path`: "" when it names no directory, "/" for a file at the root.
    public static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard var slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        // "a//b" names the directory "a".
        while slash > 0, bytes[slash - 1] == UInt8(ascii: "/") { slash -= 1 }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// `name` beside `path`: in the same directory.
    public static func sibling(of path: String, named name: String) -> String {
        let directory = directory(of: path)
        if directory.isEmpty { return name }
        return directory == "/" ? "/" + name : directory + "/" + name
    }

    /// The target of the symbolic link at `path`, as stored in the link; nil if it is not one.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates `directory` and its missing parents with `mode`; nil on success, else why not.
    public static func makeDirectories(_ directory: String, mode: mode_t) -> String? {
        guard !directory.isEmpty else { return nil }
        var info = stat()
        if stat(directory, &info) == 0 {
            return info.st_mode & S_IFMT == S_IFDIR ? nil : "\(directory) is not a directory"
        }
        let parent = Self.directory(of: directory)
        if !parent.isEmpty, parent != directory, let failure = makeDirectories(parent, mode: mode) { return failure }
        if mkdir(directory, mode) != 0, errno != EEXIST {
            return "cannot create directory \(directory): \(errnoText())"
        }
        return nil
    }
}
