-- wrk script: one DAV request (METHOD, DAV_PATH, the body in BODY_FILE, DEPTH, and Basic
-- credentials in AUTH when set); prints one RESULT line.
wrk.method = os.getenv("METHOD")
wrk.path = os.getenv("DAV_PATH")
local file = io.open(os.getenv("BODY_FILE"), "rb")
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/xml; charset=utf-8"
wrk.headers["Depth"] = os.getenv("DEPTH") or "0"
if os.getenv("AUTH") and os.getenv("AUTH") ~= "" then wrk.headers["Authorization"] = "Basic " .. os.getenv("AUTH") end

done = dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "../server/result.lua")
