#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) of each operation of todo in lived-in states,
# for one or more builds side by side: the figures that repeat on a noisy machine (issue 13).
#
#   bash Benchmarks/callgrind.sh [--size N] NAME=PATH/TO/todo [NAME=PATH ...]
#
# Each build makes its own states with its own commands, from the same N names (make_data.py):
#   fresh    `add -` of the N names, then every third toggled (two undo steps)
#   history  fresh, then BULK toggles of all N (a large undo history)
#   journal  fresh, then 99 small changes (49 todos toggled twice, one edit)
#   synced   fresh, after a full sync with a local todo-server (TODO_SERVER_BINARY, built if missing)
# then counts each operation once, on a fresh copy of the state for those that change it.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
N=10000
BULK=6
BUILDS=()
while (($#)); do
    case $1 in
        --size) N=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *=*) BUILDS+=("$1"); shift ;;
        *) echo "callgrind.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
done
((${#BUILDS[@]})) || BUILDS=("todo=$ROOT/.build-static/release/todo")
. "$HERE/lib.sh"
command -v valgrind >/dev/null || install_missing valgrind
SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build/debug/todo-server}
[[ -x $SERVER ]] || swift build --package-path "$ROOT/Server" >&2

WORK=$(mktemp -d /tmp/todo-callgrind.XXXXXX)
python3 "$HERE/make_data.py" "$N" "$WORK/data" >"$WORK/ids.sh"
# shellcheck disable=SC1091
source "$WORK/ids.sh"
NAMES=$WORK/data/todo/names.txt

start_sqlite_server 27280

count() { # count TODO STATE-DIR ARGS...: instructions of one run on a copy of the state
    local todo=$1 state=$2; shift 2
    rm -rf "$WORK/run"; mkdir "$WORK/run"; cp "$state"/s.json* "$WORK/run/"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$todo" --file "$WORK/run/s.json" "$@" \
        >/dev/null 2>"$WORK/cg.txt" </dev/null || true
    awk '/Collected :/ {print $4}' "$WORK/cg.txt"
}

printf 'N=%s; instructions (millions) per operation\n\n' "$N"
printf '| build | state | add | list active | show | toggle | delete | completion |\n|---|---|--:|--:|--:|--:|--:|--:|\n'
for build in "${BUILDS[@]}"; do
    name=${build%%=*} todo=${build#*=}
    base=$WORK/$name; mkdir -p "$base/fresh"
    "$todo" --file "$base/fresh/s.json" --quiet add - <"$NAMES" >/dev/null
    seq 3 3 "$N" | "$todo" --file "$base/fresh/s.json" --quiet toggle - >/dev/null
    cp -r "$base/fresh" "$base/history"
    for _ in $(seq "$BULK"); do seq 1 "$N" | "$todo" --file "$base/history/s.json" --quiet toggle - >/dev/null; done
    cp -r "$base/fresh" "$base/journal"
    for id in $(seq 1 49); do
        "$todo" --file "$base/journal/s.json" --quiet toggle "$id" >/dev/null
        "$todo" --file "$base/journal/s.json" --quiet toggle "$id" >/dev/null
    done
    "$todo" --file "$base/journal/s.json" --quiet edit 50 --notes edited >/dev/null
    cp -r "$base/fresh" "$base/synced"
    TODO_SERVER=$SERVER_URL TODO_TOKEN=$(new_token) "$todo" --file "$base/synced/s.json" --quiet sync >&2
    for state in fresh history journal synced; do
        dir=$base/$state
        row=()
        row+=("$(count "$todo" "$dir" add "Benchmark an added todo of forty chars")")
        row+=("$(count "$todo" "$dir" list --filter active)")
        row+=("$(count "$todo" "$dir" show "$TODO_ID")")
        row+=("$(count "$todo" "$dir" toggle "$TODO_ID")")
        row+=("$(count "$todo" "$dir" delete "$TODO_ID")")
        row+=("$(count "$todo" "$dir" __complete ids)")
        printf '| %s | %s (%s) |' "$name" "$state" "$(du -ch "$dir"/s.json* | tail -1 | cut -f1)"
        for value in "${row[@]}"; do printf ' %s |' "$(python3 -c "print('%.1f' % (int('${value//,/}') / 1e6))")"; done
        printf '\n'
    done
done
