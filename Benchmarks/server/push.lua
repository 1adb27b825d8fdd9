-- wrk script: POST /v1/push with OPS new operations per request (OPS=0: an empty push).
-- Every request carries fresh opIds and UUIDs, so each is applied, not replayed.
local ops = tonumber(os.getenv("OPS") or "0")
local token = os.getenv("TOKEN")
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))

local function uuid()
  return string.format("%08x-%04x-4%03x-8%03x-%012x",
    math.random(0, 0xffffffff), math.random(0, 0xffff), math.random(0, 0xfff),
    math.random(0, 0xfff), math.random(0, 0xffffffffffff))
end

request = function()
  local parts = {}
  for i = 1, ops do
    parts[i] = '{"opId":"' .. uuid() .. '","kind":"put","uuid":"' .. uuid() ..
      '","baseRev":0,"todo":{"name":"bench ' .. i .. '","description":"","notes":"",' ..
      '"completed":false,"createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z",' ..
      '"tags":["work"],"project":"bench"}}'
  end
  local body = '{"operations":[' .. table.concat(parts, ",") .. ']}'
  return wrk.format("POST", "/v1/push", {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
  }, body)
end

done = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "result.lua")
