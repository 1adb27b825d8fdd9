// The tools the root package's tests use too (free port, seeded generator, built binaries,
// TestFailure) come from its TodoTestSupport, for every file of this suite.
@_exported import TodoTestSupport
