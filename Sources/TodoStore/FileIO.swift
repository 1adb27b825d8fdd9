#if canImport(Glibc)
    import Glibc
#endif

/// The few POSIX file operations the store needs, retrying on EINTR.
enum FileIO {
    /// An open regular file: its descriptor (the caller closes it), identity and size.
    struct OpenFile {
        var descriptor: Int32
        var inode: ino_t
        var device: dev_t
        var size: Int
    }

    /// Opens `path` for reading; nil if it does not exist.
    static func open(_ path: String, flags: Int32 = O_RDONLY) throws(StoreError) -> OpenFile? {
        let descriptor = Glibc.open(path, flags | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: errnoText())
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = errnoText()
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable(path: path, reason: "not a regular file")
        }
        return OpenFile(descriptor: descriptor, inode: info.st_ino, device: info.st_dev, size: Int(info.st_size))
    }

    /// Every byte of `file`, read into uninitialised memory (zeroing 3 MB first cost a tenth
    /// of a `show`); a file that grows meanwhile (possible without the lock) is read again.
    static func readAll(_ file: OpenFile, path: String) throws(StoreError) -> [UInt8] {
        var capacity = file.size + 1
        while true {
            guard let bytes = read(file.descriptor, at: 0, count: capacity) else {
                throw .unreadable(path: path, reason: errnoText())
            }
            guard bytes.count == capacity else { return bytes }
            capacity *= 2
        }
    }

    /// Each complete line of `file`, with its `\n`, in order, until `body` returns false. The
    /// file is read a chunk at a time into one buffer, which grows only to hold the longest
    /// line: a log of tens of megabytes costs no buffer its size (a page fault for each 4 KiB
    /// of it took more time than reading the lines). A last line without its `\n` is left out.
    static func forEachLine(
        _ file: OpenFile, path: String, chunk: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        let size = max(1, min(chunk, file.size + 1))
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        // The bytes not yet passed (a line's start) are buffer[begin..<end].
        var begin = 0
        var end = 0
        var offset = 0
        while true {
            if end == buffer.count {
                if begin > 0 {
                    buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + begin, byteCount: end - begin)
                } else {
                    let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * buffer.count, alignment: 16)
                    larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                    buffer.deallocate()
                    buffer = larger
                }
                end -= begin
                begin = 0
            }
            let base = buffer.baseAddress!
            let got = pread(file.descriptor, base + end, buffer.count - end, off_t(offset))
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw StoreError.unreadable(path: path, reason: errnoText()) }
            if got == 0 { return }
            offset += got
            var from = end
            end += got
            while let found = memchr(base + from, 0x0A, end - from) {
                let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                guard try body(UnsafeRawBufferPointer(start: base + begin, count: newline + 1 - begin)) else { return }
                begin = newline + 1
                from = begin
            }
        }
    }

    /// Whether two files' bytes are the same: with `memcmp`, where `==` on two arrays of
    /// bytes compares them one at a time.
    static func same(_ some: [UInt8], _ other: [UInt8]) -> Bool {
        guard some.count == other.count else { return false }
        return some.withUnsafeBytes { one in
            other.withUnsafeBytes { two in one.isEmpty || memcmp(one.baseAddress!, two.baseAddress!, one.count) == 0 }
        }
    }

    /// Up to `count` bytes from `offset`; fewer at the end of the file; nil on an error.
    static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 0)) { buffer, filled in
            filled = 0
            populate(UnsafeMutableRawBufferPointer(buffer))
            while filled < buffer.count {
                let got = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { return }
                filled += got
            }
        }
        return failed ? nil : bytes
    }

    /// Gives `buffer`'s whole pages their memory at once (`MADV_POPULATE_WRITE`, Linux 5.14
    /// and later; elsewhere nothing): the read that fills a large buffer otherwise stops for
    /// a page fault every 4 KiB, a thousand of them for a state file of 10,000 todos.
    static func populate(_ buffer: UnsafeMutableRawBufferPointer) {
        #if canImport(Glibc)
            guard buffer.count >= 1 << 20, let base = buffer.baseAddress else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = (Int(bitPattern: base) + page - 1) / page * page
            let end = (Int(bitPattern: base) + buffer.count) / page * page
            guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(first, end - start, MADV_POPULATE_WRITE)
        #endif
    }

    /// Writes all of `bytes` at `offset`; nil on success, else why not.
    static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            written += count
        }
        return nil
    }

    /// Writes `bytes` to `temporary`, syncs it, and renames it over `path`, then syncs the
    /// directory: a crash at any moment leaves the old file or the new one.
    static func replace(_ path: String, temporary: String, with bytes: [UInt8], mode: mode_t) -> String? {
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return errnoText() }
        var failure: String?
        if fchmod(descriptor, mode) != 0 { failure = errnoText() }
        if failure == nil { failure = write(bytes, to: descriptor, at: 0) }
        if failure == nil, fsync(descriptor) != 0 { failure = errnoText() }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = errnoText() }
        if failure != nil { unlink(temporary) } else { syncDirectory(of: path) }
        return failure
    }

    /// Makes a rename or a new file in `path`'s directory durable.
    static func syncDirectory(of path: String) {
        let directory = PathText.directory(of: path)
        let descriptor = Glibc.open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The permissions of `path`, or `fallback` if it does not exist.
    static func mode(of path: String, fallback: mode_t = 0o600) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : fallback
    }
}
