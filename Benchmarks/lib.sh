# Shared by the benchmarks that start a todo-server (server.sh, taskchampion.sh, first-sync.sh,
# callgrind.sh, link-order.sh), sourced after `set -euo pipefail`: logging, Debian installs, free
# loopback ports, a throwaway PostgreSQL or SQLite server, a state file made by todo, waiting
# for a server, and one cleanup on exit that stops the server (SERVER_PID), PostgreSQL (PGDATA)
# and anything in EXTRA_PIDS, then removes WORK (once the script sets it).

export DEBIAN_FRONTEND=noninteractive
WORK=""
SERVER_PID=""
PGDATA=""
EXTRA_PIDS=()

log() { printf '==> %s\n' "$*" >&2; }
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# install_missing PACKAGE...: installs from Debian those given (callers list what is missing).
install_missing() {
    [ $# -gt 0 ] || return 0
    log "installing $* from Debian"
    apt-get update -q >&2 && apt-get install -y -q --no-install-recommends "$@" >&2
}

stop_server() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; fi
}
cleanup() {
    stop_server
    local pid
    for pid in "${EXTRA_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    if [ -n "$PGDATA" ] && [ -f "$PGDATA/postmaster.pid" ]; then
        as_pg "$(pg_bin)/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf ${WORK:+"$WORK"} ${PGDATA:+"$PGDATA"}
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# free_port START: the first port from START on that nothing listens on. START stays below the
# kernel's ephemeral range (32768 on): a port there can be held, even in TIME-WAIT, by one of the
# benchmark's own client connections, and a server then fails to bind it.
free_port() {
    local port
    for port in $(seq "$1" $(($1 + 100))); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
    done
    echo "no free port near $1" >&2; exit 1
}

# start_postgres PORT_FROM [SETTING...]: a throwaway cluster with database todo_bench, owned by
# user todo; sets PGDATA, PGPORT and PG_URL. Not in $(...): cleanup must see PGDATA. fsync stays
# on: the numbers are for a server that keeps what it acknowledges.
start_postgres() {
    local from=$1 settings="" setting
    shift
    for setting in "$@"; do settings+=" -c $setting"; done
    PGDATA=$(mktemp -d /tmp/todo-bench-pg.XXXXXX)
    PGPORT=$(free_port "$from")
    [ "$(id -u)" = 0 ] && chown postgres: "$PGDATA"
    chmod 700 "$PGDATA"
    as_pg "$(pg_bin)/initdb" -D "$PGDATA" -U postgres --auth=trust >/dev/null
    as_pg "$(pg_bin)/pg_ctl" -D "$PGDATA" -w -l "$PGDATA/server.log" \
        -o "-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1$settings" start >/dev/null
    as_pg "$(pg_bin)/psql" -q -h 127.0.0.1 -p "$PGPORT" -U postgres -v ON_ERROR_STOP=1 \
        -c "CREATE USER todo PASSWORD 'todo'" -c "CREATE DATABASE todo_bench OWNER todo" >/dev/null
    PG_URL="postgres://todo:todo@127.0.0.1:$PGPORT/todo_bench?tlsmode=disable"
}

# make_state FILE N: N todos made by todo itself ($TODO): `add -` of the names (kept in
# $WORK/names.txt), then bulk edits as a person makes them (tags, a project, priorities, due
# dates, notes, every fifth completed).
make_state() {
    local s=$1 n=$2
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

# wait_ready URL PID LOG: until URL answers 2xx, for at most 60 s; prints LOG and fails if the
# process PID is gone or the time is up.
wait_ready() {
    local deadline=$((SECONDS + 60))
    until curl -sf --max-time 5 "$1" >/dev/null; do
        [ $SECONDS -lt $deadline ] && kill -0 "$2" 2>/dev/null || { cat "$3" >&2; exit 1; }
        sleep 0.2
    done
}

# start_sqlite_server PORT_FROM: $SERVER on a new SQLite database in $WORK, on a free port from
# PORT_FROM on; sets SERVER_PID and SERVER_URL once it answers.
start_sqlite_server() {
    local port
    port=$(free_port "$1")
    SERVER_URL=http://127.0.0.1:$port
    TODO_SERVER_DB=$WORK/server.sqlite "$SERVER" migrate >"$WORK/server.log" 2>&1
    TODO_SERVER_DB=$WORK/server.sqlite "$SERVER" serve --hostname 127.0.0.1 --port "$port" >>"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "$SERVER_URL/ready" "$SERVER_PID" "$WORK/server.log"
}

# new_token: a token of a new account on the server start_sqlite_server started.
new_token() {
    local user=u$RANDOM$RANDOM
    TODO_SERVER_DB=$WORK/server.sqlite "$SERVER" user add "$user" >/dev/null 2>&1
    TODO_SERVER_DB=$WORK/server.sqlite "$SERVER" token add "$user" 2>/dev/null
}
