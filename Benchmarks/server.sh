#!/usr/bin/env bash
# Load on todo-server (issue 15): wrk on loopback against a release server, on SQLite and on
# PostgreSQL, holding N todos that todo itself made (bulk edits, completions) and pushed
# with `todo sync`. Scenarios, each at 8 and 64 connections:
#   page500   GET /v1/changes?since=0&limit=500   (a full page: what a new device reads)
#   empty     GET /v1/changes?since=LATEST        (the cron poll with nothing new)
#   push0     POST /v1/push with no operations
#   push100   POST /v1/push with 100 new operations
# Prints requests/s, p50 and p99 (ms) as a Markdown table (the README's). wrk's timeout is 10 s, so a
# slow answer counts in the latencies rather than as an error.
#
#   bash Benchmarks/server.sh [--skip-build] [--seconds S] [--todos N] [--databases sqlite,postgres]
#                             [--scenarios page500,empty,push0,push100] [--connections 8,64]
#
# Installs wrk (and postgresql) from Debian if missing, builds todo-server in release mode under
# the shared build lock unless --skip-build (then TODO_SERVER_BINARY or Server/.build-release),
# starts a throwaway PostgreSQL as the CI does, and cleans everything up on exit.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
SECONDS_EACH=10
TODOS=2000
DATABASES=sqlite,postgres
BUILD=1
SCENARIOS=page500,empty,push0,push100
CONNECTIONS=8,64
while [ $# -gt 0 ]; do
    case $1 in
    --skip-build) BUILD=0 ;;
    --seconds) SECONDS_EACH=$2; shift ;;
    --todos) TODOS=$2; shift ;;
    --databases) DATABASES=$2; shift ;;
    --scenarios) SCENARIOS=$2; shift ;;
    --connections) CONNECTIONS=$2; shift ;;
    *) echo "usage: $0 [--skip-build] [--seconds S] [--todos N] [--databases sqlite,postgres] [--scenarios LIST] [--connections LIST]" >&2; exit 2 ;;
    esac
    shift
done
export DEBIAN_FRONTEND=noninteractive
log() { printf '==> %s\n' "$*" >&2; }

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v curl >/dev/null || need+=(curl)
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [[ $DATABASES == *postgres* ]] && [ -z "$(pg_bin)" ]; then need+=(postgresql); fi
if [ ${#need[@]} -gt 0 ]; then
    log "installing ${need[*]} from Debian"
    apt-get update -q >&2 && apt-get install -y -q --no-install-recommends "${need[@]}" >&2
fi

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
SERVER_PID=""
PGDATA=""
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop_server() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; fi
}
cleanup() {
    stop_server
    if [ -n "$PGDATA" ] && [ -f "$PGDATA/postmaster.pid" ]; then
        as_pg "$(pg_bin)/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK" ${PGDATA:+"$PGDATA"}
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
    local port
    for port in $(seq "$1" $(($1 + 100))); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
    done
    echo "no free port near $1" >&2; exit 1
}

start_postgres() {
    PGDATA=$(mktemp -d /tmp/todo-server-bench-pg.XXXXXX)
    PGPORT=$(free_port 56432)
    [ "$(id -u)" = 0 ] && chown postgres: "$PGDATA"
    chmod 700 "$PGDATA"
    as_pg "$(pg_bin)/initdb" -D "$PGDATA" -U postgres --auth=trust >/dev/null
    # fsync stays on: the numbers are for a server that keeps what it acknowledges.
    as_pg "$(pg_bin)/pg_ctl" -D "$PGDATA" -w -l "$PGDATA/server.log" \
        -o "-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1" start >/dev/null
    as_pg "$(pg_bin)/psql" -q -h 127.0.0.1 -p "$PGPORT" -U postgres -v ON_ERROR_STOP=1 \
        -c "CREATE USER todo PASSWORD 'todo'" -c "CREATE DATABASE todo_bench OWNER todo" >/dev/null
    PG_URL="postgres://todo:todo@127.0.0.1:$PGPORT/todo_bench?tlsmode=disable"
}

# The todos, made by todo itself: `add -` of the names, then bulk edits as a person makes them
# (tags, a project, priorities, due dates, notes, every fifth completed). Each run's device
# syncs this state file to its server, so the server holds what `todo sync` pushed.
make_state() {
    local s=$WORK/device.json n=$TODOS
    python3 - "$n" >"$WORK/names.txt" <<'PY'
import random, sys
random.seed(15)
words = "buy milk call mum pay rent fix bike write report book dentist renew passport water plants backup laptop".split()
for i in range(int(sys.argv[1])):
    print(" ".join(random.choice(words) for _ in range(random.randint(2, 7))) + f" #{i}")
PY
    "$TODO" --file "$s" --quiet add - <"$WORK/names.txt" >/dev/null
    seq 1 3 "$n" | "$TODO" --file "$s" --quiet modify - +work +next >/dev/null
    seq 2 4 "$n" | "$TODO" --file "$s" --quiet modify - project:home.garden pri:H >/dev/null
    seq 3 5 "$n" | "$TODO" --file "$s" --quiet modify - due:2026-12-24 wait:2026-12-01 >/dev/null
    seq 4 4 "$n" | "$TODO" --file "$s" --quiet modify - --notes $'line one\nline two with "quotes" and ünïcode ✓' >/dev/null
    seq 5 5 "$n" | "$TODO" --file "$s" --quiet toggle - >/dev/null
}
make_state

PG_URL=""
# run DB: prints one table row per scenario and connection count.
run() {
    local db=$1 port env=()
    if [ "$db" = postgres ]; then
        # Not in $(...): cleanup must see PGDATA to stop the cluster.
        start_postgres
        env=(DATABASE_URL="$PG_URL")
    else
        env=(TODO_SERVER_DB="$WORK/bench.sqlite")
    fi
    port=$(free_port 58080)
    env "${env[@]}" "$SERVER" migrate >/dev/null 2>&1
    env "${env[@]}" "$SERVER" user add bench >/dev/null
    TOKEN=$(env "${env[@]}" "$SERVER" token add bench 2>/dev/null)
    export TOKEN
    # The default log level: one line per request, as a deployment writes them.
    env "${env[@]}" "$SERVER" serve --hostname 127.0.0.1 --port "$port" >"$WORK/server-$db.log" 2>&1 &
    SERVER_PID=$!
    local deadline=$((SECONDS + 60))
    until curl -sf --max-time 5 "http://127.0.0.1:$port/ready" >/dev/null; do
        [ $SECONDS -lt $deadline ] && kill -0 $SERVER_PID 2>/dev/null || { cat "$WORK/server-$db.log" >&2; exit 1; }
        sleep 0.1
    done
    cp "$WORK/device.json" "$WORK/device-$db.json"
    TODO_SERVER="http://127.0.0.1:$port" TODO_TOKEN=$TOKEN "$TODO" --file "$WORK/device-$db.json" sync >&2
    local latest
    latest=$(env "${env[@]}" "$SERVER" user list | awk '$1 == "bench" { print $3 }')
    local scenario connections result
    local scenarios connection_counts
    IFS=, read -ra scenarios <<<"$SCENARIOS"
    IFS=, read -ra connection_counts <<<"$CONNECTIONS"
    for scenario in "${scenarios[@]}"; do
        for connections in "${connection_counts[@]}"; do
            case $scenario in
            page500) result=$(FEED_PATH="/v1/changes?since=0&limit=500" wrk -t2 -c$connections -d${SECONDS_EACH}s --timeout 10s -s "$HERE/server/get.lua" "http://127.0.0.1:$port") ;;
            empty) result=$(FEED_PATH="/v1/changes?since=$latest" wrk -t2 -c$connections -d${SECONDS_EACH}s --timeout 10s -s "$HERE/server/get.lua" "http://127.0.0.1:$port") ;;
            push0) result=$(OPS=0 wrk -t2 -c$connections -d${SECONDS_EACH}s --timeout 10s -s "$HERE/server/push.lua" "http://127.0.0.1:$port") ;;
            push100) result=$(OPS=100 wrk -t2 -c$connections -d${SECONDS_EACH}s --timeout 10s -s "$HERE/server/push.lua" "http://127.0.0.1:$port") ;;
            esac
            local line
            line=$(grep '^RESULT' <<<"$result") || { echo "$result" >&2; exit 1; }
            # RESULT rps=… p50=… p99=… errors=… non2xx=…
            eval "${line#RESULT }"
            printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$db" "$scenario" "$connections" "$rps" "$p50" "$p99" "$((errors + non2xx))"
        done
    done
    stop_server
}

printf '| database | scenario | connections | requests/s | p50 ms | p99 ms | errors |\n'
printf '|---|---|---|---|---|---|---|\n'
IFS=, read -ra dbs <<<"$DATABASES"
for db in "${dbs[@]}"; do run "$db"; done
