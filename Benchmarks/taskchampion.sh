#!/usr/bin/env bash
# Taskwarrior 3's sync on todo-server (issue 43) beside the v1 API, with wrk on loopback: R
# replicas (default 100), each its own user with a client id and a token, each a wrk thread
# with one connection of its own (Benchmarks/taskchampion/replicas.lua):
#   tcadd    POST /v1/client/add-version of a 512-byte segment on the replica's latest version
#   tcchild  GET /v1/client/get-child-version: one 512-byte version
#   push1    POST /v1/push of one new todo (v1: what tcadd is to the protocol)
#   feed1    GET /v1/changes?since=0 of the user's one todo (v1: a feed page of one record)
# Prints requests/s, p50 and p99 (ms), and the server's CPU time per request (user and system
# from /proc, which varies less than requests/s on a shared machine), as a Markdown table per
# database. A tcadd answer other than 200 (a 409 would mean one replica's versions raced) is
# counted in "unaccepted" and fails the run.
#
# Figures: see Benchmarks/taskchampion.md.
#
#   bash Benchmarks/taskchampion.sh [--seconds S] [--replicas R] [--databases sqlite,postgres]
#        [--scenarios tcadd,tcchild,push1,feed1]
#
# Uses TODO_SERVER_BINARY, else Server/.build-release/release/todo-server (Benchmarks/server.sh
# builds it); installs wrk (and postgresql) from Debian if missing; starts a throwaway
# PostgreSQL as the CI does; cleans everything up on exit.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
. "$HERE/lib.sh"
SECONDS_EACH=10
REPLICAS=100
DATABASES=sqlite,postgres
SCENARIOS=tcadd,tcchild,push1,feed1
usage() { sed -n '/^#   bash/,/scenarios tcadd/p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) SECONDS_EACH=$2; shift ;;
    --replicas) REPLICAS=$2; shift ;;
    --databases) DATABASES=$2; shift ;;
    --scenarios) SCENARIOS=$2; shift ;;
    *) usage ;;
    esac
    shift
done
IFS=, read -ra scenarios <<<"$SCENARIOS"
IFS=, read -ra databases <<<"$DATABASES"

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v curl >/dev/null || need+=(curl)
if [[ $DATABASES == *postgres* ]] && [ -z "$(pg_bin)" ]; then need+=(postgresql); fi
install_missing ${need[@]+"${need[@]}"}
SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build-release/release/todo-server}
[ -x "$SERVER" ] || { echo "no todo-server at $SERVER (build it: bash Benchmarks/server.sh builds the release)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/todo-tc-bench.XXXXXX)

# run_server DATABASE: migrates, makes the replicas' users, tokens and client ids, starts
# serve, and gives each replica a first version and a todo. Writes $WORK/ids.
run_server() {
    local env=(env -i PATH=/usr/bin:/bin HOME="$WORK" LOG_LEVEL=error TODO_SERVER_QUOTA_MB=0)
    if [ "$1" = postgres ]; then env+=(DATABASE_URL="$PG_URL"); else env+=(TODO_SERVER_DB="$WORK/bench.sqlite"); fi
    rm -f "$WORK/bench.sqlite"*
    "${env[@]}" "$SERVER" migrate >/dev/null
    local port i client token version
    port=$(free_port 28180)
    URL=http://127.0.0.1:$port
    "${env[@]}" TODO_SERVER_MAX_CONNECTIONS_PER_CLIENT=1000 "$SERVER" serve --hostname 127.0.0.1 --port "$port" \
        >"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "$URL/ready" "$SERVER_PID" "$WORK/server.log"
    log "$1: $REPLICAS replicas, each a user with a client id, a token, a version and a todo"
    : >"$WORK/ids"
    for i in $(seq 1 "$REPLICAS"); do
        "${env[@]}" "$SERVER" user add "replica$i" >/dev/null
        token=$("${env[@]}" "$SERVER" token add "replica$i" 2>/dev/null)
        client=$("${env[@]}" "$SERVER" taskchampion add "replica$i" 2>/dev/null)
        version=$(curl -sf -D - -o /dev/null -X POST -H "X-Client-Id: $client" \
            -H "Content-Type: application/vnd.taskchampion.history-segment" --data-binary "$(head -c 512 /dev/zero | tr '\0' e)" \
            "$URL/v1/client/add-version/00000000-0000-0000-0000-000000000000" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-version-id" { print $2 }')
        [ -n "$version" ] || { echo "no first version for replica$i" >&2; exit 1; }
        curl -sf -o /dev/null -X POST -H "Authorization: Bearer $token" -H "Content-Type: application/json" "$URL/v1/push" \
            --data "{\"operations\":[{\"opId\":\"$(cat /proc/sys/kernel/random/uuid)\",\"kind\":\"put\",\"uuid\":\"$(cat /proc/sys/kernel/random/uuid)\",\"baseRev\":0,\"todo\":{\"name\":\"one\",\"description\":\"\",\"notes\":\"\",\"completed\":false,\"createdAt\":\"2026-11-21T01:33:29.123Z\",\"updatedAt\":\"2026-11-21T01:33:29.123Z\"}}]}"
        printf '%s %s %s\n' "$client" "$token" "$version" >>"$WORK/ids"
    done
}

# The server's CPU time so far, in clock ticks (utime + stime).
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat"; }

TICK_MS=$(awk -v hz="$(getconf CLK_TCK)" 'BEGIN { print 1000 / hz }')
for database in "${databases[@]}"; do
    [ "$database" = postgres ] && [ -z "$PGDATA" ] && start_postgres 27432 max_connections=200
    run_server "$database"
    printf '\n%s, %s replicas (one connection each), %s s each\n\n' "$database" "$REPLICAS" "$SECONDS_EACH"
    printf '| scenario | requests/s | p50 ms | p99 ms | server CPU ms/request |\n|---|---|---|---|---|\n'
    for scenario in "${scenarios[@]}"; do
        before=$(cpu_ticks)
        line=$(SCENARIO=$scenario BENCH_IDS=$WORK/ids wrk -t "$REPLICAS" -c "$REPLICAS" -d "${SECONDS_EACH}s" --timeout 10s \
            -s "$HERE/taskchampion/replicas.lua" "$URL" | grep '^RESULT')
        after=$(cpu_ticks)
        eval "$(sed 's/^RESULT //' <<<"$line")" # requests rps p50 p99 errors non2xx unaccepted
        [ "$errors" = 0 ] && [ "$non2xx" = 0 ] && [ "$unaccepted" = 0 ] \
            || { echo "$scenario: $line" >&2; tail -20 "$WORK/server.log" >&2; exit 1; }
        cpu=$(awk -v t=$((after - before)) -v ms="$TICK_MS" -v n="$requests" 'BEGIN { printf "%.3f", t * ms / n }')
        printf '| %s | %s | %s | %s | %s |\n' "$scenario" "$rps" "$p50" "$p99" "$cpu"
    done
    stop_server
done
