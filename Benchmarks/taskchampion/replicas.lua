-- wrk script for Benchmarks/taskchampion.sh: each wrk thread is one replica (one connection),
-- with line N of $BENCH_IDS (client id, bearer token, the client's latest version id):
--   tcadd    POST /v1/client/add-version/LATEST, a 512-byte segment; LATEST follows X-Version-Id
--   tcchild  GET /v1/client/get-child-version/NIL (the client's first version, 512 bytes)
--   push1    POST /v1/push of one new todo with that user's token (the v1 baseline)
--   feed1    GET /v1/changes?since=0 of that user's one todo (a page of one record)
local scenario = os.getenv("SCENARIO")
local ids = os.getenv("BENCH_IDS")
local nilVersion = "00000000-0000-0000-0000-000000000000"
local threads = {}
local count = 0

function setup(thread)
  count = count + 1
  thread:set("index", count)
  table.insert(threads, thread)
end

local function uuid()
  return string.format("%08x-%04x-4%03x-8%03x-%012x",
    math.random(0, 0xffffffff), math.random(0, 0xffff), math.random(0, 0xfff),
    math.random(0, 0xfff), math.random(0, 0xffffffffffff))
end

function init(args)
  math.randomseed(os.time() + index * 7919)
  local n = 0
  for line in io.lines(ids) do
    n = n + 1
    if n == index then client, token, latest = line:match("(%S+)%s+(%S+)%s+(%S+)") end
  end
  segment = string.rep("e", 512)
  conflicts = 0
end

function request()
  if scenario == "tcadd" then
    return wrk.format("POST", "/v1/client/add-version/" .. latest, {
      ["X-Client-Id"] = client, ["Content-Type"] = "application/vnd.taskchampion.history-segment",
    }, segment)
  elseif scenario == "tcchild" then
    return wrk.format("GET", "/v1/client/get-child-version/" .. nilVersion, { ["X-Client-Id"] = client })
  elseif scenario == "push1" then
    local body = '{"operations":[{"opId":"' .. uuid() .. '","kind":"put","uuid":"' .. uuid() ..
      '","baseRev":0,"todo":{"name":"bench","description":"","notes":"","completed":false,' ..
      '"createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}}]}'
    return wrk.format("POST", "/v1/push", {
      ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json",
    }, body)
  else
    return wrk.format("GET", "/v1/changes?since=0&limit=1", { ["Authorization"] = "Bearer " .. token })
  end
end

function response(status, headers, body)
  if scenario == "tcadd" then
    local version = headers["X-Version-Id"] or headers["x-version-id"]
    if status == 200 and version then latest = version else conflicts = conflicts + 1 end
  end
end

function done(summary, latency, requests)
  local conflicted = 0
  for _, thread in ipairs(threads) do conflicted = conflicted + (thread:get("conflicts") or 0) end
  io.write(string.format("RESULT requests=%d rps=%.1f p50=%.2f p99=%.2f errors=%d non2xx=%d unaccepted=%d\n",
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, conflicted))
end
