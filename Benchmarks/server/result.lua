-- The RESULT line Benchmarks/server.sh reads, for wrk's done(): requests/s, p50 and p99 in
-- ms, and errors (socket errors and timeouts, then answers that were not 2xx or 3xx).
return function(summary, latency, requests)
  io.write(string.format("RESULT rps=%.1f p50=%.2f p99=%.2f errors=%d non2xx=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
