#if canImport(Glibc)
import Glibc
#endif
import TodoCore

extension StateFile {
    /// Every todo's number and name, in number order, with the journal applied: what shell
    /// completion shows on each TAB.
    ///
    /// Reads the number and the name at the start of each line in the standard layout and
    /// nothing else (10,000 todos in a few milliseconds, where decoding them whole took ten
    /// times longer); any other layout reads the state whole. No lock is taken: a file
    /// replaced meanwhile is read again, as `load` does.
    public func numbersAndNames() throws(StoreError) -> [(id: Int, name: String)] {
        for _ in 0..<5 {
            guard let file = try FileIO.open(path) else { return [] }
            defer { close(file.descriptor) }
            let bytes = try FileIO.readAll(file, path: path)
            guard var names = Self.namesFast(bytes) else { break }
            // A journal that cannot be read, or of another generation: `load` decides.
            let journal: Journal.Contents?
            do { journal = try readJournalForNames() } catch { break }
            if let journal {
                guard journal.generation == names.generation else { break }
                names.apply(journal)
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_ino == file.inode, info.st_dev == file.device { return names.list }
        }
        return try load().todos.map { ($0.id, $0.name) }
    }

    /// The journal; nil when there is none.
    private func readJournalForNames() throws -> Journal.Contents? {
        guard let file = try FileIO.open(journalPath) else { return nil }
        defer { close(file.descriptor) }
        return try Journal.decode(try FileIO.readAll(file, path: journalPath))
    }

    struct Names {
        var generation: String?
        var list: [(id: Int, name: String)]

        mutating func apply(_ journal: Journal.Contents) {
            var byId: [Int: String] = [:]
            for (id, name) in list { byId[id] = name }
            for entry in journal.entries {
                for (todo, _) in entry.puts { byId[todo.id] = todo.name }
                for id in entry.removes { byId[id] = nil }
            }
            list = byId.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// The header's generation and each line's number and name; nil for any layout but the
    /// one `StateCodec.encode` writes (the caller then decodes the file whole).
    static func namesFast(_ bytes: [UInt8]) -> Names? {
        let marker = Array("\n \"todos\": [".utf8)
        guard let at = SparseReader.firstIndex(of: marker, in: bytes, from: 0) else { return nil }
        guard let header = try? StateCodec.decodeSnapshot(Array(bytes[..<(at + marker.count)]) + Array("]}".utf8), selecting: .none),
            header.version >= 4
        else { return nil }
        var names = Names(generation: header.generation, list: [])
        names.list.reserveCapacity(bytes.count / 160)
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            var reader = JSONReader(raw, at: at + marker.count)
            if reader.skip("]}") { return true }
            var previous = 0
            while true {
                guard reader.skip("\n  "), let head = StateCodec.readHeadFast(&reader), head.id > previous,
                    reader.skip(", \"name\": "), let name = try? reader.readString(),
                    let newline = memchr(raw.baseAddress! + reader.offset, 0x0A, raw.count - reader.offset)
                else { return false }
                names.list.append((head.id, name))
                previous = head.id
                let end = raw.baseAddress!.distance(to: UnsafeRawPointer(newline))
                // The line ends `},` before the next todo, or `}]}` after the last.
                if end >= 3, raw[end - 1] == 0x7D, raw[end - 2] == 0x5D, raw[end - 3] == 0x7D {
                    return end + 1 == raw.count
                }
                guard raw[end - 1] == 0x2C else { return false }
                reader = JSONReader(raw, at: end)
            }
        }
        return ok ? names : nil
    }
}
