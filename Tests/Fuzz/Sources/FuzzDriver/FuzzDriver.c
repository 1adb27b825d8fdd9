#include "FuzzDriver.h"

// libFuzzer's entry point for programs that have their own main; SwiftPM gives every
// executable target one (it links `main` to `<Target>_main`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

int fuzz_driver_main(int argc, char **argv, int (*test)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test);
}
