#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TodoCore

/// The state file on disk: read whole, written whole and atomically, changed under a lock.
public struct StateFile: Sendable {
    /// Where the state lives; a symbolic link is followed so the target is what gets replaced.
    public let path: String
    public let lockTimeout: Double

    public init(path: String, lockTimeout: Double = 5) {
        self.path = Self.resolvingSymlink(path)
        self.lockTimeout = lockTimeout
    }

    var lockPath: String { path + ".lock" }
    var temporaryPath: String { path + ".tmp" }

    /// The current state; an empty one if the file does not exist yet.
    public func load() throws(StoreError) -> TodoState {
        try loadSnapshot()?.state ?? TodoState()
    }

    /// The decoded file, or nil if it does not exist yet.
    func loadSnapshot() throws(StoreError) -> StateCodec.Snapshot? {
        guard let bytes = try readBytes() else { return nil }
        guard !bytes.isEmpty else { throw .corrupt(path: path, reason: "the file is empty") }
        do {
            return try StateCodec.decodeSnapshot(bytes)
        } catch {
            throw .corrupt(path: path, reason: error.description)
        }
    }

    /// Locks, loads, applies `change`, saves if the state changed, and unlocks.
    ///
    /// Returns the state before and after. Nothing is written if `change` throws.
    public func update<Failure: Error>(
        _ change: (TodoState) throws(Failure) -> TodoState
    ) throws -> (before: TodoState, after: TodoState) {
        try createDirectory()
        let lock = try acquireLock()
        defer { lock.release() }
        let snapshot = try loadSnapshot()
        let before = snapshot?.state ?? TodoState()
        let after = try change(before)
        if after != before { try save(after, reusing: snapshot) }
        return (before, after)
    }

    /// The lock; a timeout is reported against the state file, which is what people know.
    private func acquireLock() throws(StoreError) -> FileLock {
        do {
            return try FileLock(path: lockPath, timeout: lockTimeout)
        } catch {
            if case .lockTimeout = error { throw .lockTimeout(path: path, seconds: lockTimeout) }
            throw error
        }
    }

    /// Writes `state` to a temporary file, syncs it, renames it over the state file, and
    /// syncs the directory, so a crash at any moment leaves the old or the new state.
    /// Call it only while holding the lock.
    public func save(_ state: TodoState, reusing snapshot: StateCodec.Snapshot? = nil) throws(StoreError) {
        try createDirectory()
        let bytes = StateCodec.encode(state, reusing: snapshot)
        var mode: mode_t = 0o600
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: errnoText()) }
        var failure: String?
        if fchmod(descriptor, mode) != 0 { failure = errnoText() }
        if failure == nil { failure = Self.writeAll(bytes, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errnoText() }
        close(descriptor)
        if failure == nil, rename(temporaryPath, path) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporaryPath)
            throw .unwritable(path: path, reason: failure)
        }
        syncDirectory()
    }

    private func readBytes() throws(StoreError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: errnoText())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: errnoText()) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: errnoText())
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    private func createDirectory() throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .unwritable(path: path, reason: "\(directory) is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: "cannot create directory \(directory)")
        }
    }

    private func syncDirectory() {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            written += count
        }
        return nil
    }

    /// Follows symbolic links, dangling ones too (the target is created on the first save).
    private static func resolvingSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return current }
            current = target.hasPrefix("/")
                ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        return current
    }
}
