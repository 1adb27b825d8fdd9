// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "todo-server",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "todo-server", targets: ["TodoServerMain"])
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        // The HTTP server's own pipeline (HTTP/HTTPLimits.swift): its decoder limits need 2.101.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        // TLS in the server's own HTTP front (HTTP/ServerTLS.swift); Vapor depends on it too.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // /metrics in Prometheus's text format (Metrics/ServerMetrics.swift).
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // The wire contract shared with the `todo` client (Sources/TodoWire in the root package).
        .package(name: "todo", path: "..")
    ],
    targets: [
        .target(
            name: "TodoServer",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "TodoWire", package: "todo"),
                .product(name: "TodoCore", package: "todo"),
                // The CalDAV face's iCalendar text and its mapping to todos.
                .product(name: "TodoICal", package: "todo"),
                .product(name: "TodoICalMapping", package: "todo")
            ]
        ),
        .executableTarget(
            name: "TodoServerMain",
            dependencies: ["TodoServer"]
        ),
        .testTarget(
            name: "TodoServerTests",
            dependencies: [
                "TodoServer",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "TodoWire", package: "todo"),
                .product(name: "TodoCore", package: "todo"),
                .product(name: "TodoICal", package: "todo"),
                .product(name: "TodoICalMapping", package: "todo"),
                .product(name: "TodoTestSupport", package: "todo")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
