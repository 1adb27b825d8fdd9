-- wrk script: GET PATH (the change feed) with the bearer token; prints one RESULT line.
local token = os.getenv("TOKEN")
wrk.method = "GET"
wrk.path = os.getenv("FEED_PATH")
wrk.headers["Authorization"] = "Bearer " .. token

done = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "result.lua")
