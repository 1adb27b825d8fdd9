// swift-tools-version:6.0
// libFuzzer targets for todo's readers: a package of its own, so that the root package's
// `swift build` and `swift test` neither build nor need them. Build and run them with
// `bash .ci/fuzz` (which passes -sanitize=fuzzer; each target is a libFuzzer executable).
import PackageDescription

let targets = [
    "FuzzStateFile", "FuzzBatch", "FuzzImportTodo", "FuzzImportTaskwarrior", "FuzzImportTodoTxt", "FuzzArguments",
    "FuzzDates", "FuzzFilter", "FuzzGrammar", "FuzzTodoTxtDialect", "FuzzICal", "FuzzImportICal", "FuzzHookOutput"
]

let package = Package(
    name: "todo-fuzz",
    dependencies: [.package(name: "todo", path: "../..")],
    targets: [
        .target(name: "FuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "FuzzDriver",
                .product(name: "TodoCore", package: "todo"),
                .product(name: "TodoStore", package: "todo"),
                .product(name: "TodoWire", package: "todo"),
                .product(name: "TodoCLI", package: "todo"),
                .product(name: "TodoTestSupport", package: "todo"),
                .product(name: "TodoICal", package: "todo"),
                .product(name: "TodoICalMapping", package: "todo")
            ])
    ]
        + targets.map { name in
            // SwiftPM links `main` to `<Target>_main`, which hands over to libFuzzer (see FuzzDriver).
            .executableTarget(
                name: name, dependencies: ["FuzzSupport"],
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        },
    swiftLanguageModes: [.v6]
)
