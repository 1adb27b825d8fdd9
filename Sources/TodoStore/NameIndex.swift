#if canImport(Glibc)
    import Glibc
#endif
import TodoCore
import TodoWire

extension StateFile {
    /// A line `NUMBER<tab>NAME` for every todo, in number order, with the journal applied:
    /// what shell completion shows on each TAB. Names that are not plain printable ASCII
    /// go through `escape` (the file holds them exactly; a terminal must not).
    ///
    /// The file is streamed through a small buffer and only each line's number and name are
    /// read (100,000 todos in a few tens of milliseconds, where decoding them whole took
    /// 120); any layout but the standard one reads the state whole. No lock is taken: a
    /// file replaced meanwhile is read again, as `load` does.
    public func numberedNames(escaping escape: @escaping (String) -> String) throws(StoreError) -> [UInt8] {
        for _ in 0..<5 {
            guard let file = try FileIO.open(path) else { return [] }
            defer { close(file.descriptor) }
            guard let lines = try NameStream(file: file, path: path, journalPath: journalPath, escape: escape).lines()
            else { break }
            var info = stat()
            if stat(path, &info) == 0, info.st_ino == file.inode, info.st_dev == file.device { return lines }
        }
        var out: [UInt8] = []
        for todo in try load().todos { NameStream.append(todo.id, escape(todo.name), to: &out) }
        return out
    }
}

/// One pass over a state file's todo lines, merged with its journal.
private struct NameStream {
    let file: FileIO.OpenFile
    let path: String
    let journalPath: String
    let escape: (String) -> String
    static let chunk = 1 << 20

    /// The lines, or nil for anything but the standard layout with its own journal.
    func lines() throws(StoreError) -> [UInt8]? {
        var buffer = try read(at: 0, count: min(file.size, Self.chunk))
        var offset = buffer.count
        guard let (header, todosStart) = (try? StateCodec.decodeHeader(buffer)) ?? nil,
            header.version >= 4, let changes = try journalChanges(generation: header.generation)
        else { return nil }
        var pending = changes.sorted { $0.key < $1.key }[...]
        var out: [UInt8] = []
        out.reserveCapacity(file.size / 5)
        var position = todosStart
        var previous = 0
        while true {
            guard let newline = Self.lineBreak(in: buffer, from: position) else {
                // Part of a line: keep it at the front of the buffer and read on.
                guard offset < file.size else { return nil }
                buffer.removeSubrange(..<position)
                position = 0
                let more = try read(at: offset, count: min(file.size - offset, Self.chunk))
                buffer += more
                offset += more.count
                continue
            }
            let line = buffer[position..<newline]
            position = newline + 1
            if line.isEmpty { continue }
            if previous == 0, line.elementsEqual("]}".utf8) { break }
            guard let (id, text, last) = Self.numberAndName(line), id > previous else { return nil }
            var decided = false
            while let next = pending.first, next.key <= id {
                if let name = next.value { Self.append(next.key, escape(name), to: &out) }
                decided = decided || next.key == id
                pending.removeFirst()
            }
            if !decided { appendName(id, buffer[text], to: &out) }
            previous = id
            if last {
                guard position == buffer.count, offset == file.size else { return nil }
                break
            }
        }
        for (id, name) in pending { if let name { Self.append(id, escape(name), to: &out) } }
        return out
    }

    /// The first line break at or after `start` (memchr: a Swift loop over 30 MB of lines
    /// was most of the time).
    static func lineBreak(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBytes { raw in
            guard start < raw.count, let found = memchr(raw.baseAddress! + start, 0x0A, raw.count - start) else {
                return nil
            }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The number and where the name's JSON text lies (between its quotes) in a todo line
    /// of the standard layout, and whether it is the last line (`}]}` rather than `},`).
    static func numberAndName(_ line: ArraySlice<UInt8>) -> (Int, Range<Int>, Bool)? {
        guard line.count > 4 else { return nil }
        let end = line.endIndex
        let last = line[end - 3] == 0x7D && line[end - 2] == 0x5D && line[end - 1] == 0x7D
        guard last || (line[end - 2] == 0x7D && line[end - 1] == 0x2C) else { return nil }
        return line.withUnsafeBytes { raw -> (Int, Range<Int>, Bool)? in
            var reader = JSONReader(raw)
            guard reader.skip("  "), let head = StateCodec.readHeadFast(&reader), reader.skip(", \"name\": ") else {
                return nil
            }
            let start = reader.offset
            guard (try? reader.skipStringUnchecked()) != nil else { return nil }
            let base = line.startIndex
            return (head.id, base + start + 1..<base + reader.offset - 1, last)
        }
    }

    private func appendName(_ id: Int, _ text: ArraySlice<UInt8>, to out: inout [UInt8]) {
        // Printable ASCII with no escape: the JSON text is the name itself.
        let plain = text.withUnsafeBytes { raw in
            for byte in raw where byte < 0x20 || byte >= 0x7F || byte == 0x5C { return false }
            return true
        }
        if plain {
            Self.appendNumber(id, to: &out)
            out.append(0x09)
            out.append(contentsOf: text)
            out.append(0x0A)
        } else {
            Self.append(id, escape(Self.decodeName(text) ?? ""), to: &out)
        }
    }

    /// The name a JSON string's text (without its quotes) holds.
    static func decodeName(_ text: ArraySlice<UInt8>) -> String? {
        let quoted = [0x22] + Array(text) + [0x22]
        return quoted.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return try? reader.readString()
        }
    }

    static func append(_ id: Int, _ name: String, to out: inout [UInt8]) {
        appendNumber(id, to: &out)
        out.append(0x09)
        out.append(contentsOf: name.utf8)
        out.append(0x0A)
    }

    static func appendNumber(_ id: Int, to out: inout [UInt8]) {
        var count = 1
        var power = 10
        while count < 19, id >= power {
            count += 1
            power *= 10
        }
        let start = out.count
        out.append(contentsOf: repeatElement(0x30, count: count))
        var rest = id
        for index in stride(from: start + count - 1, through: start, by: -1) {
            out[index] = UInt8(48 + rest % 10)
            rest /= 10
        }
    }

    /// The journal's last word on each todo it touched (nil: removed); nil for a journal
    /// that cannot be read or belongs to another generation.
    private func journalChanges(generation: String?) throws(StoreError) -> [Int: String?]? {
        guard let journal = try FileIO.open(journalPath) else { return [:] }
        defer { close(journal.descriptor) }
        let bytes = try FileIO.readAll(journal, path: journalPath)
        let decoded: Journal.Contents?
        do { decoded = try Journal.decode(bytes) } catch { return nil }
        guard let contents = decoded else { return [:] }
        guard contents.generation == generation else { return nil }
        var changes: [Int: String?] = [:]
        for entry in contents.entries {
            for (todo, _) in entry.puts { changes[todo.id] = .some(todo.name) }
            for id in entry.removes { changes[id] = .some(nil) }
        }
        return changes
    }

    private func read(at offset: Int, count: Int) throws(StoreError) -> [UInt8] {
        guard count > 0 else { return [] }
        guard let bytes = FileIO.read(file.descriptor, at: offset, count: count) else {
            throw .unreadable(path: path, reason: errnoText())
        }
        return bytes
    }
}
