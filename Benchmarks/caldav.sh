#!/usr/bin/env bash
# The CalDAV face under load (issue 26), beside Radicale (Debian's reference CalDAV server) on
# the same data: N VTODOs shaped as the task apps write them (alarms, X-properties, categories,
# dues, every fifth completed), PUT through CalDAV to each. Scenarios, at 8 connections:
#   propfind1     PROPFIND depth 1 of the list (every href and ETag)
#   multiget      REPORT calendar-multiget of every href, with calendar-data
#   syncempty     REPORT sync-collection with the current token (nothing new)
#   feed          GET /v1/changes?since=0&limit=N (todo-server only: the v1 page of the same todos)
# Prints requests/s, p50 and p99 (ms) as a Markdown table.
#
#   bash Benchmarks/caldav.sh [--skip-build] [--seconds S] [--todos N]
#
# Installs wrk and radicale from Debian if missing; builds todo-server in release mode under the
# shared build lock unless --skip-build (then TODO_SERVER_BINARY or Server/.build-release).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
SECONDS_EACH=10
TODOS=500
BUILD=1
while [ $# -gt 0 ]; do
    case $1 in
    --skip-build) BUILD=0 ;;
    --seconds) SECONDS_EACH=$2; shift ;;
    --todos) TODOS=$2; shift ;;
    *) echo "usage: $0 [--skip-build] [--seconds S] [--todos N]" >&2; exit 2 ;;
    esac
    shift
done
export DEBIAN_FRONTEND=noninteractive
log() { printf '==> %s\n' "$*" >&2; }
need=()
command -v wrk >/dev/null || need+=(wrk)
command -v radicale >/dev/null || need+=(radicale)
if [ ${#need[@]} -gt 0 ]; then
    log "installing ${need[*]} from Debian"
    apt-get update -q >&2 && apt-get install -y -q --no-install-recommends "${need[@]}" >&2
fi
SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build-release/release/todo-server}
if [ $BUILD = 1 ]; then
    log "building todo-server (release)"
    flock /tmp/swift-build.lock swift build -c release --package-path "$ROOT/Server" --scratch-path "$ROOT/Server/.build-release" >&2
fi
[ -x "$SERVER" ] || { echo "no todo-server at $SERVER (build it, or drop --skip-build)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/todo-caldav-bench.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# wait_up URL: until it answers at all (any status), for 60 s.
wait_up() {
    local deadline=$((SECONDS + 60))
    until curl -s -o /dev/null --max-time 5 "$1" 2>/dev/null; do
        [ $SECONDS -lt $deadline ] || { echo "nothing answers at $1" >&2; exit 1; }
        sleep 0.1
    done
}
# bench NAME SCENARIO METHOD URL PATH BODY DEPTH AUTH: one table row.
bench() {
    local result line
    result=$(METHOD=$3 DAV_PATH=$5 BODY_FILE=$6 DEPTH=$7 AUTH=$8 TOKEN=${TOKEN:-} FEED_PATH=$5 \
        wrk -t2 -c8 -d"${SECONDS_EACH}s" --timeout 10s -s "$HERE/caldav/dav.lua" "$4")
    line=$(grep '^RESULT' <<<"$result") || { echo "$result" >&2; exit 1; }
    eval "${line#RESULT }"
    printf '| %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$rps" "$p50" "$p99" "$((errors + non2xx))"
}

# todo-server, SQLite, its default log level.
TS_PORT=$(port)
export TODO_SERVER_DB=$WORK/bench.sqlite
"$SERVER" migrate >/dev/null 2>&1
"$SERVER" user add bench >/dev/null
TOKEN=$("$SERVER" token add bench 2>/dev/null)
"$SERVER" serve --hostname 127.0.0.1 --port "$TS_PORT" >"$WORK/todo-server.log" 2>&1 &
PIDS+=($!)
wait_up "http://127.0.0.1:$TS_PORT/health"
TS_AUTH=$(printf 'bench:%s' "$TOKEN" | base64 -w0)
mkdir -p "$WORK/ts" "$WORK/rad"
log "seeding todo-server with $TODOS VTODOs"
python3 "$HERE/caldav/seed.py" "http://127.0.0.1:$TS_PORT" /dav/bench/tasks/ "$TS_AUTH" "$TODOS" "$WORK/ts"

# Radicale, its file storage, authentication "none" (any user name is taken as given, with
# owner-only rights: only faster than checking a password).
RAD_PORT=$(port)
radicale --server-hosts "127.0.0.1:$RAD_PORT" --storage-filesystem-folder "$WORK/radicale" \
    --auth-type none --logging-level warning >"$WORK/radicale.log" 2>&1 &
PIDS+=($!)
wait_up "http://127.0.0.1:$RAD_PORT/"
RAD_AUTH=$(printf 'bench:x' | base64 -w0)
curl -sf -o /dev/null -X MKCALENDAR -H "Authorization: Basic $RAD_AUTH" "http://127.0.0.1:$RAD_PORT/bench/tasks/" \
    --data '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>'
log "seeding Radicale with $TODOS VTODOs"
python3 "$HERE/caldav/seed.py" "http://127.0.0.1:$RAD_PORT" /bench/tasks/ "$RAD_AUTH" "$TODOS" "$WORK/rad"
printf '{}' >"$WORK/empty"

printf '| server | scenario | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n'
for side in todo-server radicale; do
    if [ $side = todo-server ]; then url=http://127.0.0.1:$TS_PORT list=/dav/bench/tasks/ auth=$TS_AUTH dir=$WORK/ts
    else url=http://127.0.0.1:$RAD_PORT list=/bench/tasks/ auth=$RAD_AUTH dir=$WORK/rad; fi
    bench $side propfind1 PROPFIND "$url" "$list" "$dir/propfind.xml" 1 "$auth"
    bench $side multiget REPORT "$url" "$list" "$dir/multiget.xml" 1 "$auth"
    bench $side syncempty REPORT "$url" "$list" "$dir/sync.xml" 1 "$auth"
done
# The v1 feed's page of the same todos, with the bearer token.
result=$(FEED_PATH="/v1/changes?since=0&limit=$TODOS" TOKEN=$TOKEN wrk -t2 -c8 -d"${SECONDS_EACH}s" --timeout 10s \
    -s "$HERE/server/get.lua" "http://127.0.0.1:$TS_PORT")
line=$(grep '^RESULT' <<<"$result") || { echo "$result" >&2; exit 1; }
eval "${line#RESULT }"
printf '| todo-server | feed (v1) | %s | %s | %s | %s |\n' "$rps" "$p50" "$p99" "$((errors + non2xx))"
