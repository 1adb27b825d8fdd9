#!/usr/bin/env bash
# Load on todo-server (issues 15 and 26): wrk on loopback against a release server, on SQLite
# and on PostgreSQL. The v1 scenarios read and push N todos that todo itself made (bulk edits,
# completions) and pushed with `todo sync`:
#   page500    GET /v1/changes?since=0&limit=500   (a full page: what a new device reads)
#   empty      GET /v1/changes?since=LATEST        (the cron poll with nothing new)
#   push0      POST /v1/push with no operations
#   push100    POST /v1/push with 100 new operations
# The CalDAV scenarios read a second user's list of D todos: D/2 made by todo and synced with
# `todo sync`, D/2 shaped as the task apps write them (alarms, X-properties, categories) and
# PUT through CalDAV (caldav/seed.py); the same todos, as served, go into Radicale (Debian's
# reference CalDAV server, file storage, authentication "none"), measured alternately with it:
#   propfind1  PROPFIND depth 1 of the list (every href and ETag)
#   multiget   REPORT calendar-multiget of every href, with calendar-data
#   syncempty  REPORT sync-collection with the current token (nothing new)
#   davfeed    GET /v1/changes?since=0&limit=D of the same user (the v1 page of the same todos)
# Prints requests/s, p50 and p99 (ms) as a Markdown table, each the median of R rounds; wrk's
# timeout is 10 s, so a slow answer counts in the latencies rather than as an error.
#
# With --cpu, each scenario runs on one connection instead, and the server's CPU time (user and
# system, from /proc) is divided by the requests answered: milliseconds of CPU per request,
# which varies less than requests/s on a shared machine. (There are no callgrind counts of the
# server: Debian 12's valgrind 3.19 dies of SIGSEGV in its own code as the server starts, even
# with --tool=none, its main thread parked by libdispatch.)
#
# Figures (2 shared cores with another build beside, SQLite, D=500, medians of 3; 2026-11-28;
# Server/README.md, "The CalDAV face"): requests/s at 8 connections, ratio to davfeed, Radicale,
# and the server's CPU ms per request on one connection, before issue 26's work (e6b598e) and after:
#   scenario    before req/s (x page)   after req/s (x page)   Radicale   CPU ms before -> after
#   davfeed     512  (1)                553  (1)               -          4.04 -> 3.71
#   propfind1   251  (0.49)             1674 (3.03)            2.3        6.87 -> 1.37
#   multiget     92  (0.18)             812  (1.47)            14.0       17.83 -> 2.53
#   syncempty   888  (1.73)             2203 (3.98)            18.1       2.84 -> 1.29
#
#   bash Benchmarks/server.sh [--skip-build] [--seconds S] [--todos N] [--dav-todos D]
#        [--databases sqlite,postgres] [--scenarios page500,empty,push0,push100,propfind1,multiget,syncempty,davfeed]
#        [--connections 8,64] [--rounds R] [--no-radicale] [--cpu]
#
# Installs wrk, radicale (and postgresql) from Debian if missing, builds todo-server in
# release mode under the shared build lock unless --skip-build (then TODO_SERVER_BINARY or
# Server/.build-release), starts a throwaway PostgreSQL as the CI does, and cleans everything up
# on exit.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
. "$HERE/lib.sh"
SECONDS_EACH=10
TODOS=2000
DAV_TODOS=500
DATABASES=sqlite,postgres
BUILD=1
SCENARIOS=page500,empty,push0,push100,propfind1,multiget,syncempty,davfeed
CONNECTIONS=8,64
ROUNDS=1
RADICALE=1
CPU=0
usage() { sed -n '/^#   bash/,/--cpu\]/p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    --skip-build) BUILD=0 ;;
    --seconds) SECONDS_EACH=$2; shift ;;
    --todos) TODOS=$2; shift ;;
    --dav-todos) DAV_TODOS=$2; shift ;;
    --databases) DATABASES=$2; shift ;;
    --scenarios) SCENARIOS=$2; shift ;;
    --connections) CONNECTIONS=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --no-radicale) RADICALE=0 ;;
    --cpu) CPU=1 ;;
    *) usage ;;
    esac
    shift
done
is_dav() { case $1 in propfind1 | multiget | syncempty | davfeed) return 0 ;; *) return 1 ;; esac; }
IFS=, read -ra scenarios <<<"$SCENARIOS"
IFS=, read -ra connection_counts <<<"$CONNECTIONS"
WANT_DAV=0
for scenario in "${scenarios[@]}"; do is_dav "$scenario" && WANT_DAV=1; done
[ $WANT_DAV = 1 ] || RADICALE=0

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v curl >/dev/null || need+=(curl)
[ $RADICALE = 1 ] && ! command -v radicale >/dev/null && need+=(radicale)
if [[ $DATABASES == *postgres* ]] && [ -z "$(pg_bin)" ]; then need+=(postgresql); fi
install_missing ${need[@]+"${need[@]}"}

SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build-release/release/todo-server}
# Only seeds the server, so any build of todo-sync will do.
TODO=${TODO_SYNC_BINARY:-$ROOT/.build/debug/todo-sync}
if [ $BUILD = 1 ]; then
    log "building todo-server (release)"
    flock /tmp/swift-build.lock swift build -c release --package-path "$ROOT/Server" \
        --scratch-path "$ROOT/Server/.build-release" >&2
fi
[ -x "$SERVER" ] || { echo "no todo-server at $SERVER (build it, or drop --skip-build)" >&2; exit 1; }
if [ ! -x "$TODO" ]; then
    log "building todo-sync (debug: it only fills the server)"
    flock /tmp/swift-build.lock swift build --package-path "$ROOT" --product todo-sync >&2
fi

WORK=$(mktemp -d /tmp/todo-server-bench.XXXXXX)
RADICALE_PID=""
make_state "$WORK/device.json" "$TODOS"
[ $WANT_DAV = 1 ] && make_state "$WORK/dav-device.json" $((DAV_TODOS / 2))

# Radicale, started once, filled with the todo-server list's todos as served.
start_radicale() { # start_radicale TS_URL TS_LIST TS_AUTH
    RAD_PORT=$(free_port 29080)
    RAD_URL=http://127.0.0.1:$RAD_PORT RAD_LIST=/bench/tasks/ RAD_AUTH=$(printf 'bench:x' | base64 -w0)
    radicale --server-hosts "127.0.0.1:$RAD_PORT" --storage-filesystem-folder "$WORK/radicale" \
        --auth-type none --logging-level warning >"$WORK/radicale.log" 2>&1 &
    RADICALE_PID=$!
    EXTRA_PIDS+=("$RADICALE_PID")
    local deadline=$((SECONDS + 60))
    until curl -s -o /dev/null --max-time 5 "$RAD_URL/"; do
        [ $SECONDS -lt $deadline ] || { cat "$WORK/radicale.log" >&2; exit 1; }
        sleep 0.1
    done
    curl -sf -o /dev/null -X MKCALENDAR -H "Authorization: Basic $RAD_AUTH" "$RAD_URL$RAD_LIST" \
        --data '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>'
    log "copying the $DAV_TODOS todos into Radicale"
    python3 "$HERE/caldav/seed.py" copy "$1" "$2" "$3" "$RAD_URL" "$RAD_LIST" "$RAD_AUTH"
    mkdir -p "$WORK/rad"
    python3 "$HERE/caldav/seed.py" bodies "$RAD_URL" "$RAD_LIST" "$RAD_AUTH" "$WORK/rad"
}

# wrk_result SIDE SCENARIO CONNECTIONS: wrk's RESULT line for one scenario.
wrk_result() {
    local side=$1 scenario=$2 c=$3 url=$TS_URL list=${TS_LIST:-} auth=${TS_AUTH:-} dir=$WORK/ts result
    [ "$side" = radicale ] && url=$RAD_URL list=$RAD_LIST auth=$RAD_AUTH dir=$WORK/rad
    local run=(wrk -t"$((c < 2 ? 1 : 2))" -c"$c" -d"${SECONDS_EACH}s" --timeout 10s)
    case $scenario in
    page500) result=$(FEED_PATH="/v1/changes?since=0&limit=500" "${run[@]}" -s "$HERE/server/get.lua" "$url") ;;
    empty) result=$(FEED_PATH="/v1/changes?since=$LATEST" "${run[@]}" -s "$HERE/server/get.lua" "$url") ;;
    push0) result=$(OPS=0 "${run[@]}" -s "$HERE/server/push.lua" "$url") ;;
    push100) result=$(OPS=100 "${run[@]}" -s "$HERE/server/push.lua" "$url") ;;
    davfeed) result=$(TOKEN=$DAV_TOKEN FEED_PATH="/v1/changes?since=0&limit=$DAV_TODOS" "${run[@]}" -s "$HERE/server/get.lua" "$url") ;;
    propfind1) result=$(METHOD=PROPFIND DAV_PATH=$list BODY_FILE=$dir/propfind.xml DEPTH=1 AUTH=$auth "${run[@]}" -s "$HERE/caldav/dav.lua" "$url") ;;
    multiget) result=$(METHOD=REPORT DAV_PATH=$list BODY_FILE=$dir/multiget.xml DEPTH=1 AUTH=$auth "${run[@]}" -s "$HERE/caldav/dav.lua" "$url") ;;
    syncempty) result=$(METHOD=REPORT DAV_PATH=$list BODY_FILE=$dir/sync.xml DEPTH=1 AUTH=$auth "${run[@]}" -s "$HERE/caldav/dav.lua" "$url") ;;
    esac
    grep '^RESULT' <<<"$result" || { echo "$result" >&2; exit 1; }
}

# measure SIDE SCENARIO CONNECTIONS: wrk_result, or cpu_result on one connection with --cpu.
measure() { if [ $CPU = 1 ]; then cpu_result "$1" "$2"; else wrk_result "$@"; fi; }

# median LINES…: the median of each of rps, p50, p99 and errors over RESULT lines.
median() {
    python3 - "$@" <<'PY'
import statistics, sys
rows = [dict(kv.split("=") for kv in line.split()[1:]) for line in sys.argv[1:]]
pick = lambda key: statistics.median(float(r[key]) for r in rows)
errors = max(int(r["errors"]) + int(r["non2xx"]) for r in rows)
print("%.1f %.2f %.2f %d" % (pick("rps"), pick("p50"), pick("p99"), errors) + (" %.3f" % pick("cpu") if "cpu" in rows[0] else ""))
PY
}

# cpu_result SIDE SCENARIO: wrk's RESULT line on one connection, with cpu= the server's CPU
# milliseconds (user and system) per request answered.
cpu_result() {
    local pid=$SERVER_PID before after line rps
    [ "$1" = radicale ] && pid=$RADICALE_PID
    before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
    line=$(wrk_result "$1" "$2" 1)
    after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
    rps=$(sed 's/.*rps=\([0-9.]*\).*/\1/' <<<"$line")
    echo "$line cpu=$(python3 -c "print('%.3f' % (($after - $before) * 1000 / $(getconf CLK_TCK) / ($rps * $SECONDS_EACH)))")"
}

PG_URL=""
RADICALE_DONE=0
# run DB: prints one table row per scenario and connection count (and Radicale's beside).
run() {
    local db=$1 port env=()
    if [ "$db" = postgres ]; then
        # Not in $(...): cleanup must see PGDATA to stop the cluster.
        start_postgres 26432
        env=(DATABASE_URL="$PG_URL")
    else
        env=(TODO_SERVER_DB="$WORK/bench.sqlite")
    fi
    port=$(free_port 28080)
    TS_URL=http://127.0.0.1:$port
    env "${env[@]}" "$SERVER" migrate >/dev/null 2>&1
    env "${env[@]}" "$SERVER" user add bench >/dev/null
    TOKEN=$(env "${env[@]}" "$SERVER" token add bench 2>/dev/null)
    export TOKEN
    # The default log level: one line per request, as a deployment writes them.
    env "${env[@]}" "$SERVER" serve --hostname 127.0.0.1 --port "$port" >"$WORK/server-$db.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "$TS_URL/ready" "$SERVER_PID" "$WORK/server-$db.log"
    cp "$WORK/device.json" "$WORK/device-$db.json"
    TODO_SERVER=$TS_URL TODO_TOKEN=$TOKEN "$TODO" --file "$WORK/device-$db.json" sync >&2
    LATEST=$(env "${env[@]}" "$SERVER" user list | awk '$1 == "bench" { print $3 }')
    if [ $WANT_DAV = 1 ]; then
        env "${env[@]}" "$SERVER" user add dav >/dev/null
        DAV_TOKEN=$(env "${env[@]}" "$SERVER" token add dav 2>/dev/null)
        TS_LIST=/dav/dav/tasks/ TS_AUTH=$(printf 'dav:%s' "$DAV_TOKEN" | base64 -w0)
        cp "$WORK/dav-device.json" "$WORK/dav-device-$db.json"
        TODO_SERVER=$TS_URL TODO_TOKEN=$DAV_TOKEN "$TODO" --file "$WORK/dav-device-$db.json" sync >&2
        log "putting $((DAV_TODOS - DAV_TODOS / 2)) app-shaped todos through CalDAV"
        python3 "$HERE/caldav/seed.py" put "$TS_URL" "$TS_LIST" "$TS_AUTH" $((DAV_TODOS - DAV_TODOS / 2))
        mkdir -p "$WORK/ts"
        python3 "$HERE/caldav/seed.py" bodies "$TS_URL" "$TS_LIST" "$TS_AUTH" "$WORK/ts"
        if [ $RADICALE = 1 ] && [ $RADICALE_DONE = 0 ] && [ -z "$RADICALE_PID" ]; then start_radicale "$TS_URL" "$TS_LIST" "$TS_AUTH"; fi
    fi
    local scenario connections round line ts rad
    for scenario in "${scenarios[@]}"; do
        for connections in "${connection_counts[@]}"; do
            ts=() rad=()
            for round in $(seq "$ROUNDS"); do
                ts+=("$(measure todo-server "$scenario" "$connections")")
                if [ -n "$RADICALE_PID" ] && [ $RADICALE_DONE = 0 ] && is_dav "$scenario" && [ "$scenario" != davfeed ]; then
                    rad+=("$(measure radicale "$scenario" "$connections")")
                fi
            done
            printf '| %s | %s | %s | %s |\n' "$db" "$scenario" "$connections" "$(median "${ts[@]}" | tr ' ' '|' | sed 's/|/ | /g')"
            if [ ${#rad[@]} -gt 0 ]; then
                printf '| radicale | %s | %s | %s |\n' "$scenario" "$connections" "$(median "${rad[@]}" | tr ' ' '|' | sed 's/|/ | /g')"
            fi
        done
    done
    [ -n "$RADICALE_PID" ] && RADICALE_DONE=1
    stop_server
}

if [ $CPU = 1 ]; then
    CONNECTIONS=1 connection_counts=(1)
    printf '| database | scenario | connections | requests/s | p50 ms | p99 ms | errors | CPU ms/request |\n'
    printf '|---|---|---|---|---|---|---|---|\n'
else
    printf '| database | scenario | connections | requests/s | p50 ms | p99 ms | errors |\n'
    printf '|---|---|---|---|---|---|---|\n'
fi
IFS=, read -ra dbs <<<"$DATABASES"
for db in "${dbs[@]}"; do run "$db"; done
