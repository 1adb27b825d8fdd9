#!/usr/bin/env bash
# Writes Sources/todo/link-order.txt: the functions everyday commands run, for the linker to
# place side by side (docs/PERFORMANCE.md, "Link order").
#
#   bash Benchmarks/link-order.sh [PATH/TO/todo]     (default: .build-static/release/todo)
#
# Runs each command below once under callgrind (todo sync with its todo-sync child, against a
# local todo-server: TODO_SERVER_BINARY, built if missing) on a state of 2,000 todos, and lists
# every function any of them executed as gold's section names: those more commands run first,
# todo-sync's own last.
# The list is an input of release builds on Linux (Package.swift); names that no longer exist
# are skipped by the linker, so a stale list costs memory, not correctness.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
TODO=${1:-$ROOT/.build-static/release/todo}
OUT=$ROOT/Sources/todo/link-order.txt
[[ -x $TODO ]] || { echo "link-order.sh: no todo binary at $TODO (build it first)" >&2; exit 1; }
. "$HERE/lib.sh"
command -v valgrind >/dev/null || install_missing valgrind
SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build/debug/todo-server}
[[ -x $SERVER ]] || swift build --package-path "$ROOT/Server" >&2

WORK=$(mktemp -d /tmp/todo-link-order.XXXXXX)
python3 "$HERE/make_data.py" 2000 "$WORK/data" >/dev/null

# The state: make_data.py's todos with their attributes, a third completed, a few of the rarer
# fields (annotations, scheduled, dependencies), and a journal.
s=$WORK/state; mkdir -p "$s"
"$TODO" --file "$s/s.json" --quiet add - <"$WORK/data/todo/names.txt" >/dev/null
while IFS=$'\t' read -r words ids; do
    tr ' ' '\n' <<<"$ids" | "$TODO" --file "$s/s.json" --quiet modify - "$words" >/dev/null
done <"$WORK/data/todo/modify.txt"
seq 3 3 2000 | "$TODO" --file "$s/s.json" --quiet toggle - >/dev/null
for id in 1 2 3; do "$TODO" --file "$s/s.json" --quiet annotate "$id" "called" >/dev/null; done
seq 4 40 | "$TODO" --file "$s/s.json" --quiet modify - scheduled:2026-12-01 dep:1 >/dev/null
for id in 5 7 8; do "$TODO" --file "$s/s.json" --quiet toggle "$id" >/dev/null; done

start_sqlite_server 27180
export TODO_SERVER=$SERVER_URL TODO_TOKEN
TODO_TOKEN=$(new_token)

run() { # run ARGS...: the functions one run executes (its children's too), on a copy of the state
    local list=$WORK/functions.txt
    [[ ${1-} == sync ]] && list=$WORK/sync.txt
    rm -rf "$WORK/run" "$WORK"/cg.*; cp -r "$s" "$WORK/run"
    valgrind --tool=callgrind --trace-children=yes --demangle=no --compress-strings=no --dump-instr=no \
        --callgrind-out-file="$WORK/cg.%p" "$TODO" --file "$WORK/run/s.json" "$@" >/dev/null 2>&1 </dev/null || true
    cat "$WORK"/cg.* | sed -n 's/^fn=//p' | sed "s/'[0-9]*\$//" | sort -u >>"$list"
}
run
run add "buy milk"
run add call the plumber due:tomorrow +home project:house
run list --filter active
run list +work
run list project:garden due.before:eow
run next
run show 10
run show 4
run done 10
run toggle 11
run reopen 3
run edit 13 --notes "a note"
run modify 14 due:friday -work
run start 16
run annotate 17 "a remark"
run delete 19
run undo
run list --json
run export
run history
run burndown
run stats
run help
run help add
run __complete ids
run sync
run frobnicate

nm --defined-only "$TODO" "$(dirname "$TODO")/todo-sync" | awk 'NF == 3 {print $3}' >"$WORK/own.txt"
{
    # Static constructors (ICU's above all) run at every start: one place for them all.
    echo ".text.startup"
    # Then todo-sync's own after todo's, so that they do not come between those of other commands.
    # Only the binaries' own: not the system libraries' (libc, libcurl), which they load.
    { sort "$WORK/functions.txt" | uniq -c | sort -k1,1nr -k2 | awk '{print $2}'; sort -u "$WORK/sync.txt"; } |
        awk -v own="$WORK/own.txt" 'BEGIN { while ((getline name <own) > 0) mine[name] = 1 }
            mine[$1] && !seen[$1]++ {print ".text." $1}'
} >"$OUT"
echo "link-order.sh: $(($(wc -l <"$OUT") - 1)) sections in $OUT"
