#if canImport(Glibc)
    import Glibc
#endif

/// Tells when the state file or its journal changes, by inotify on their folder: a writer
/// replaces the file by a rename and appends to the journal, and either may not exist yet.
/// No polling: `descriptor` is readable when something changed.
struct UIWatch {
    let descriptor: Int32
    private let names: Set<String>
    private var watching = false
    private let folder: String

    init(stateFile path: String) {
        let slash = path.lastIndex(of: "/")
        folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        names = [base, base + ".journal"]
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        watch()
    }

    /// Watches the folder, if it is there (a first save makes it) and not watched yet;
    /// whether this call began watching it.
    @discardableResult
    mutating func watch() -> Bool {
        guard !watching, descriptor >= 0 else { return false }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE | IN_DELETE)
        watching = inotify_add_watch(descriptor, folder, mask) >= 0
        return watching
    }

    /// Reads every event waiting; whether one was about the state file or its journal.
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var changed = false
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return changed }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                if names.contains(String(decoding: nameBytes, as: UTF8.self)) { changed = true }
                offset += header + length
            }
        }
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }
}
