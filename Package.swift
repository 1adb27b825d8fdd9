// swift-tools-version:6.0
import PackageDescription

/// Release builds on Linux lay the functions everyday commands run side by side, in the order
/// Benchmarks/link-order.sh lists them (gold's section ordering), so that a command maps 3 MiB
/// less of the binary (docs/PERFORMANCE.md, "Link order"). For that, every function of this
/// package gets a section of its own, as the Swift runtime's and Foundation's have.
let release = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let functionSections = SwiftSetting.unsafeFlags(["-Xfrontend", "-function-sections"], release)
let linkOrder: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/Sources/todo/link-order.txt"], release)
]

let package = Package(
    name: "todo",
    products: [
        .executable(name: "todo", targets: ["todo"]),
        // todo with networking: `todo sync` runs it, so that no other command pays for
        // loading libcurl and its ~30 libraries (as git leaves HTTP to git-remote-https).
        .executable(name: "todo-sync", targets: ["todo-sync"]),
        // Wire types of the sync API, shared with Server/.
        .library(name: "TodoWire", targets: ["TodoWire"]),
        // For the fuzz targets in Tests/Fuzz, a package of its own that depends on this one.
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .library(name: "TodoStore", targets: ["TodoStore"]),
        .library(name: "TodoCLI", targets: ["TodoCLI"]),
        // The tools the tests share (free port, seeded random, built binaries, fixed clock,
        // store fixture), for Server/'s tests too, as swift-nio exports NIOTestUtils.
        .library(name: "TodoTestSupport", targets: ["TodoTestSupport"]),
        // iCalendar (RFC 5545) read and written losslessly: for import/export and Server/'s CalDAV face.
        .library(name: "TodoICal", targets: ["TodoICal"]),
        // A todo and a VTODO, each read from and written into the other (the field table's `ical`).
        .library(name: "TodoICalMapping", targets: ["TodoICalMapping"])
    ],
    targets: [
        .target(name: "TodoCore"),
        .target(name: "TodoICal"),
        .target(name: "TodoICalMapping", dependencies: ["TodoCore", "TodoICal"]),
        .target(name: "TodoStore", dependencies: ["TodoCore", "TodoWire"]),
        .target(name: "TodoWire", dependencies: ["TodoCore"]),
        .target(name: "TodoSync", dependencies: ["TodoCore", "TodoStore", "TodoWire"]),
        // libcurl (libcurl4-openssl-dev on Debian), todo-sync's HTTP on Linux: FoundationNetworking
        // wraps it too, but cannot be given CA certificates besides the system's (ca-file).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // TaskChampion's encryption and snapshot compression, from the platform (TodoSyncCrypto):
        // OpenSSL's libcrypto on Linux (CryptoKit and CommonCrypto on Apple platforms), zlib on all.
        // Only todo-sync links them, so `todo` builds without their headers.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "TodoSyncCrypto",
            dependencies: [.target(name: "CLibCrypto", condition: .when(platforms: [.linux])), "CZlib"]),
        .target(
            name: "TodoHTTP",
            dependencies: [
                "TodoSync", "TodoWire", "TodoSyncCrypto", .target(name: "CCurl", condition: .when(platforms: [.linux]))
            ]),
        .target(
            name: "TodoCLI",
            dependencies: ["TodoCore", "TodoStore", "TodoWire", "TodoSync", "TodoICal", "TodoICalMapping"]),
        .executableTarget(
            name: "todo", dependencies: ["TodoCLI"], exclude: ["link-order.txt"], linkerSettings: linkOrder),
        .executableTarget(
            name: "todo-sync", dependencies: ["TodoCLI", "TodoHTTP", "TodoSync", "TodoSyncCrypto"],
            linkerSettings: linkOrder),
        .target(name: "TodoTestSupport", dependencies: ["TodoCore", "TodoStore"], path: "Tests/TodoTestSupport"),
        .testTarget(name: "TodoICalTests", dependencies: ["TodoICal"]),
        .testTarget(
            name: "TodoICalMappingTests", dependencies: ["TodoICalMapping", "TodoICal", "TodoCore", "TodoTestSupport"]),
        .testTarget(name: "TodoCoreTests", dependencies: ["TodoCore", "TodoTestSupport"]),
        .testTarget(name: "TodoStoreTests", dependencies: ["TodoStore", "TodoCore", "TodoWire", "TodoTestSupport"]),
        .testTarget(name: "TodoWireTests", dependencies: ["TodoWire", "TodoCore", "TodoTestSupport"]),
        .testTarget(
            name: "TodoSyncTests", dependencies: ["TodoSync", "TodoCore", "TodoStore", "TodoWire", "TodoTestSupport"]),
        .testTarget(name: "TodoSyncCryptoTests", dependencies: ["TodoSyncCrypto"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TodoCLITests",
            dependencies: ["TodoCLI", "TodoCore", "TodoStore", "TodoWire", "TodoICalMapping", "TodoTestSupport"],
            exclude: ["Fixtures"])
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [functionSections]
}
