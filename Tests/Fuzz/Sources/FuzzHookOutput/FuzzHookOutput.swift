import FuzzSupport

/// What a hook prints for a task (on-modify of the sample state's first todo): any output is
/// taken or refused without a crash, and what is taken leaves a valid state.
@_cdecl("FuzzHookOutput_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzHookOutput(bytes(data, size))
}
