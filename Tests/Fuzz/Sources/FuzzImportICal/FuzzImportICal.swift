import FuzzSupport

/// `todo import --from ical`: any input is read or refused without a crash; what is read
/// round-trips through `todo export`, and through a fresh VTODO as the same fields.
@_cdecl("FuzzImportICal_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzImport(data, size, from: "ical")
}
