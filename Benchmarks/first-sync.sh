#!/usr/bin/env bash
# A first sync (issue 42): N todos made by todo itself (`add -` of N names, then bulk edits),
# pushed by `todo sync` to a new account, then pulled by a second device (a new state file on
# the same account), each timed beside todo's own local `add -` of the same N names, on
# SQLite and on PostgreSQL; peak memory of todo and of the server; and, beside them, a CalDAV
# first pull of the same account by vdirsyncer (Debian's), the way a phone's app would
# start. Checks the target: push and pull each within 5 times `add -`.
#
#   bash Benchmarks/first-sync.sh [--todos N] [--runs R] [--databases sqlite,postgres]
#        [--no-vdirsyncer]
#
# Uses the release builds Benchmarks/compare.sh makes (.build-static for todo and todo-sync,
# Server/.build-release for todo-server) or TODO_BINARY and TODO_SERVER_BINARY; installs
# hyperfine, time, curl, vdirsyncer (and postgresql) from Debian if missing.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
. "$HERE/lib.sh"
TODOS=10000
RUNS=5
DATABASES=sqlite,postgres
VDIRSYNCER=1
TARGET=5
usage() { sed -n '/^#   bash/,/no-vdirsyncer\]/p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    --todos) TODOS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    --databases) DATABASES=$2; shift ;;
    --no-vdirsyncer) VDIRSYNCER=0 ;;
    *) usage ;;
    esac
    shift
done
IFS=, read -ra databases <<<"$DATABASES"

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
command -v curl >/dev/null || need+=(curl)
[ $VDIRSYNCER = 1 ] && ! command -v vdirsyncer >/dev/null && need+=(vdirsyncer)
if [[ $DATABASES == *postgres* ]] && [ -z "$(pg_bin)" ]; then need+=(postgresql); fi
install_missing ${need[@]+"${need[@]}"}

TODO=${TODO_BINARY:-$ROOT/.build-static/release/todo}
SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build-release/release/todo-server}
[ -x "$TODO" ] && [ -x "$SERVER" ] || { echo "first-sync.sh: build $TODO and $SERVER first (Benchmarks/compare.sh does)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/todo-first-sync.XXXXXX)
make_state "$WORK/made.json" "$TODOS"
log "$TODOS todos made by todo ($(stat -c %s "$WORK/made.json") bytes)"

# median_ms NAME PREPARE WORD...: hyperfine's median of RUNS runs, in ms.
median_ms() {
    local name=$1 prepare=$2
    shift 2
    # One command line, which -N splits at spaces (no path here has one).
    hyperfine -N --runs "$RUNS" --prepare "$prepare" --export-json "$WORK/hf-$name.json" --output=pipe "$*" >&2
    python3 -c 'import json,sys; print("%.0f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$WORK/hf-$name.json"
}
# peak_kib COMMAND...: the largest resident set of one run, in KiB.
peak_kib() { /usr/bin/time -f %M -o "$WORK/peak" "$@" >/dev/null 2>&1; cat "$WORK/peak"; }

# measure_sync KIND COUNTED DB: KIND (push or pull) run once, checking the sync's report
# counts all the todos as COUNTED, then timed (MS_KIND) and its peak memory taken (KIB_KIND),
# each run after $WORK/prep-KIND.sh, with the config $WORK/KIND.config, on $WORK/KIND.json.
measure_sync() {
    local kind=$1 counted=$2 db=$3 count
    local sync=("$TODO" --file "$WORK/$kind.json" sync)
    bash "$WORK/prep-$kind.sh"
    count=$(TODO_CONFIG=$WORK/$kind.config "${sync[@]}" --json |
        python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$counted")
    [ "$count" = "$TODOS" ] || { echo "first-sync.sh: $db: $counted $count of $TODOS" >&2; exit 1; }
    printf -v "MS_$kind" '%s' "$(TODO_CONFIG=$WORK/$kind.config median_ms "$kind-$db" "bash $WORK/prep-$kind.sh" \
        "${sync[@]}" --quiet)"
    bash "$WORK/prep-$kind.sh"
    printf -v "KIB_$kind" '%s' "$(TODO_CONFIG=$WORK/$kind.config peak_kib "${sync[@]}" --quiet)"
}

# The baseline: todo's own `add -` of the same names into a new state file.
printf 'set -e; rm -f %q/add.json*\n' "$WORK" >"$WORK/prep-add.sh"
# (hyperfine 1.15 has no --input: dash, about a millisecond, hands the names over.)
ADD_MS=$(median_ms add "bash $WORK/prep-add.sh" \
    "sh -c 'exec \"\$0\" --file \"\$1\" --quiet add - <\"\$2\"' $TODO $WORK/add.json $WORK/names.txt")
log "add - of $TODOS: $ADD_MS ms"

printf '| database | add - (ms) | first push (ms) | x add | first pull (ms) | x add | todo peak MiB push/pull | server peak MiB |\n'
printf '|---|---|---|---|---|---|---|---|\n'
failed=0
for db in "${databases[@]}"; do
    env=(env -i PATH=/usr/bin:/bin HOME="$WORK" LOG_LEVEL=warning TODO_SERVER_QUOTA_MB=0)
    if [ "$db" = postgres ]; then
        [ -n "$PGDATA" ] || start_postgres 25432
        env+=(DATABASE_URL="$PG_URL")
    else
        env+=(TODO_SERVER_DB="$WORK/server.sqlite")
    fi
    "${env[@]}" "$SERVER" migrate >/dev/null
    port=$(free_port 27080)
    URL=http://127.0.0.1:$port
    "${env[@]}" "$SERVER" serve --hostname 127.0.0.1 --port "$port" >"$WORK/server-$db.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "$URL/ready" "$SERVER_PID" "$WORK/server-$db.log"

    # Push: before each run a new account and a never-synced copy of the made state.
    cat >"$WORK/prep-push.sh" <<EOF
set -e
rm -f "$WORK/push.json"*; cp "$WORK/made.json" "$WORK/push.json"
user=push\$(date +%s%N)
$(declare -p env)
"\${env[@]}" "$SERVER" user add "\$user" >/dev/null
token=\$("\${env[@]}" "$SERVER" token add "\$user" 2>/dev/null)
(umask 077; printf '{"server": "%s", "token": "%s"}\n' "$URL" "\$token" >"$WORK/push.config")
printf '%s' "\$user" >"$WORK/push.user"; printf '%s' "\$token" >"$WORK/push.token"
EOF
    measure_sync push pushed "$db"

    # Pull: a new device of the account the last push filled.
    for f in config user token; do cp "$WORK/push.$f" "$WORK/pull.$f"; done
    printf 'set -e; rm -f %q/pull.json*\n' "$WORK" >"$WORK/prep-pull.sh"
    measure_sync pull pulled "$db"
    SERVER_KIB=$(awk '/VmHWM/ { print $2 }' "/proc/$SERVER_PID/status")

    read -r push_x pull_x verdict < <(python3 -c 'import sys
a, p, q, t = map(float, sys.argv[1:])
print("%.1f %.1f %s" % (p / a, q / a, "PASS" if p <= t * a and q <= t * a else "FAIL"))' "$ADD_MS" "$MS_push" "$MS_pull" "$TARGET")
    printf '| %s | %s | %s | %s | %s | %s | %s / %s | %s |\n' "$db" "$ADD_MS" "$MS_push" "$push_x" "$MS_pull" "$pull_x" \
        "$((KIB_push / 1024))" "$((KIB_pull / 1024))" "$((SERVER_KIB / 1024))"
    printf '%s  %s: push %s ms and pull %s ms each <= %s x add - (%s ms)\n' "$verdict" "$db" "$MS_push" "$MS_pull" \
        "$TARGET" "$ADD_MS" >&2
    [ "$verdict" = PASS ] || failed=1

    if [ $VDIRSYNCER = 1 ] && [ "$db" = sqlite ]; then
        # vdirsyncer's first pull of the same account over CalDAV, into an empty folder.
        mkdir -p "$WORK/vdir"
        cp "$WORK/pull.token" "$WORK/vdir/token"
        name=$(cat "$WORK/pull.user")
        cat >"$WORK/vdir/config" <<EOF
[general]
status_path = "$WORK/vdir/status/"
[pair todo]
a = "todo_local"
b = "todo_remote"
collections = ["from b"]
[storage todo_local]
type = "filesystem"
path = "$WORK/vdir/tasks/"
fileext = ".ics"
[storage todo_remote]
type = "caldav"
url = "$URL/dav/"
username = "$name"
password.fetch = ["command", "cat", "$WORK/vdir/token"]
EOF
        printf 'set -e; rm -rf %q/vdir/status %q/vdir/tasks; mkdir -p %q/vdir/tasks\nyes | HOME=%q vdirsyncer -c %q/vdir/config discover >/dev/null 2>&1\n' \
            "$WORK" "$WORK" "$WORK" "$WORK" "$WORK" >"$WORK/prep-vdir.sh"
        bash "$WORK/prep-vdir.sh"
        VDIR_MS=$(RUNS=1 median_ms vdir "bash $WORK/prep-vdir.sh" env HOME="$WORK" vdirsyncer -c "$WORK/vdir/config" sync)
        count=$(find "$WORK/vdir/tasks" -name '*.ics' | wc -l)
        [ "$count" = "$TODOS" ] || { echo "first-sync.sh: vdirsyncer pulled $count of $TODOS" >&2; exit 1; }
        printf '| %s, CalDAV | - | - | - | %s (vdirsyncer) | %s | - | - |\n' "$db" "$VDIR_MS" \
            "$(python3 -c "print('%.1f' % ($VDIR_MS / $ADD_MS))")"
    fi
    stop_server
done
exit $failed
