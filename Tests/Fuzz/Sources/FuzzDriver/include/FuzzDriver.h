#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer on `test` with this process's arguments (the target's main calls it).
int fuzz_driver_main(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));
