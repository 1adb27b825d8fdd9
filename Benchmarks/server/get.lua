-- wrk script: GET PATH (the change feed) with the bearer token; prints one RESULT line.
local token = os.getenv("TOKEN")
wrk.method = "GET"
wrk.path = os.getenv("FEED_PATH")
wrk.headers["Authorization"] = "Bearer " .. token

done = function(summary, latency, requests)
  io.write(string.format("RESULT rps=%.1f p50=%.2f p99=%.2f errors=%d non2xx=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
