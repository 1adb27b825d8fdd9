import Foundation

/// An executable this repository builds, found the same way for every product: the path in
/// `$TODO_BINARY` for `todo`, `$TODO_SERVER_BINARY` for `todo-server` (the name in capitals,
/// `-` as `_`, then `_BINARY`); else beside the running test bundle or in a folder above it;
/// else in the folders the caller names.
public enum BuiltBinary {
    /// The environment variable that names `product`'s path.
    public static func variable(for product: String) -> String {
        product.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
    }

    /// The path of `product`; `folders` are searched last (another package's build folder).
    public static func path(of product: String, orIn folders: [String] = []) throws -> String {
        let variable = variable(for: product)
        if let path = ProcessInfo.processInfo.environment[variable] { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates: [String] = []
        while directory.path != "/" {
            candidates.append(directory.appendingPathComponent(product).path)
            directory = directory.deletingLastPathComponent()
        }
        candidates += folders.map { URL(fileURLWithPath: $0).appendingPathComponent(product).path }
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        throw TestFailure(
            "no built \(product) beside \(CommandLine.arguments[0]) or in \(folders): build it first or set \(variable)"
        )
    }
}
