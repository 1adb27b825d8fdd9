#!/usr/bin/env bash
# Times todo side by side with Taskwarrior 2.6 and todo.txt-cli on equivalent data sets
# (issue 7) and checks the issues' targets. See docs/PERFORMANCE.md.
#
# todo is timed in five states of the same N todos (issues 13 and 21): "synthetic", the state file
# make_data.py writes; "history", made by todo itself (`add -` of the N names, every third
# completed, then BULK toggles of all N, filling the undo history); "synced", the synthetic
# file after a full sync with a local todo-server (every todo carries its sync base); and
# "journal", the synthetic file with 99 small changes in its journal; "fields", the
# synthetic file after bulk edits gave every todo Taskwarrior's rarer fields (issue 21: a
# scheduled date, a dependency, a user-defined attribute; every third active todo started,
# every hundredth annotated). Each report (issue 23) is timed in every state beside list,
# and beside Taskwarrior's same report.
#
#   bash Benchmarks/compare.sh [--sizes 10000,100000] [--quick] [--skip-build]
#
#   --sizes N,...   data set sizes (default 10000,100000); the 10k/100k targets are checked
#                   when 10000 (and 100000) are among them
#   --quick         fewer runs (1 warm-up, 3 timed) for a rough look
#   --skip-build    use the release binaries already built in .build-static and
#                   Server/.build-release (or those named by TODO_BINARY, TODO_SERVER_BINARY)
#
# Installs taskwarrior, todotxt-cli, hyperfine, time and todo-sync's headers (libcurl4-openssl-dev,
# libssl-dev, zlib1g-dev) from Debian
# if missing, builds todo (static stdlib) and todo-server in release mode (under the shared
# build lock /tmp/swift-build.lock), and removes its temporary directory and server on exit.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
SIZES=10000,100000
QUICK=0
BUILD=1
PUSH=10000
BULK=6
STATES=(synthetic history synced journal fields)
while (($#)); do
    case $1 in
        --sizes) SIZES=$2; shift 2 ;;
        --sizes=*) SIZES=${1#*=}; shift ;;
        --quick) QUICK=1; shift ;;
        --skip-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "compare.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done
IFS=, read -r -a SIZE_LIST <<<"$SIZES"
if ((QUICK)); then RUNS=(--warmup 1 --runs 3); SYNC_RUNS=(--runs 2); else RUNS=(--warmup 2 --runs 10); SYNC_RUNS=(--runs 5); fi
[[ -d /opt/swift/usr/bin ]] && export PATH=/opt/swift/usr/bin:$PATH
log() { printf '== %s\n' "$*" >&2; }

# --- tools ---------------------------------------------------------------------------------
missing=()
command -v task >/dev/null || missing+=(taskwarrior)
command -v todo-txt >/dev/null || command -v todo.sh >/dev/null || missing+=(todotxt-cli)
command -v hyperfine >/dev/null || missing+=(hyperfine)
[[ -x /usr/bin/time ]] || missing+=(time)
for header in libcurl4-openssl-dev libssl-dev zlib1g-dev; do dpkg -s $header >/dev/null 2>&1 || missing+=($header); done
if ((${#missing[@]})); then
    log "installing ${missing[*]}"
    SUDO=; ((EUID == 0)) || SUDO=sudo
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
TODOTXT=$(command -v todo-txt || command -v todo.sh)

TODO=${TODO_BINARY:-$ROOT/.build-static/release/todo}
SERVER=${TODO_SERVER_BINARY:-$ROOT/Server/.build-release/release/todo-server}
if ((BUILD)); then
    log "building todo (release, static stdlib)"
    flock /tmp/swift-build.lock swift build -c release --static-swift-stdlib \
        -Xswiftc -Xclang-linker -Xswiftc -no-pie \
        --package-path "$ROOT" --scratch-path "$ROOT/.build-static" >&2
    log "building todo-server (release)"
    flock /tmp/swift-build.lock swift build -c release \
        --package-path "$ROOT/Server" --scratch-path "$ROOT/Server/.build-release" >&2
fi
[[ -x $TODO && -x $SERVER ]] || { echo "compare.sh: $TODO or $SERVER missing" >&2; exit 1; }

WORK=$(mktemp -d /tmp/todo-bench.XXXXXX)
SERVER_PID=
cleanup() {
    [[ -n $SERVER_PID ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
RESULTS=$WORK/results.tsv   # size, tool, op, median ms, peak RSS KiB
: >"$RESULTS"

# --- measuring -----------------------------------------------------------------------------
# measure SIZE TOOL OP PREPARE CMD...: hyperfine median (stdout to a pipe) and peak RSS of
# one run. PREPARE is a command line restoring the pristine data before each run, or "".
measure() {
    local size=$1 tool=$2 op=$3 prepare=$4; shift 4
    local cmd json=$WORK/hf.json prep=()
    cmd=$(printf '%q ' "$@")
    [[ -n $prepare ]] && prep=(--prepare "$prepare")
    hyperfine -N --output=pipe "${RUNS[@]}" "${prep[@]}" --export-json "$json" "$cmd" >/dev/null 2>&1 \
        || { echo "compare.sh: failed: $cmd" >&2; hyperfine -N --output=pipe --runs 1 "${prep[@]}" "$cmd" >&2 || true; exit 1; }
    local median
    median=$(python3 -c 'import json,sys; print("%.2f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$json")
    [[ -n $prepare ]] && $prepare
    /usr/bin/time -v -o "$WORK/time.txt" "$@" 2>/dev/null | cat >/dev/null
    local rss
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")
    [[ -n $prepare ]] && $prepare
    printf '%s\t%s\t%s\t%s\t%s\n' "$size" "$tool" "$op" "$median" "$rss" >>"$RESULTS"
    log "$(printf '%-7s %-12s %-9s %10s ms %8s KiB' "$size" "$tool" "$op" "$median" "$rss")"
}

# --- a local todo-server --------------------------------------------------------------------
start_server() {
    local d=$WORK/server
    mkdir -p "$d"
    export TODO_SERVER_DB=$d/server.sqlite
    unset TODO_SERVER TODO_TOKEN
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$SERVER" migrate >/dev/null 2>>"$d/server.log"
    "$SERVER" user add bench >/dev/null 2>>"$d/server.log"
    "$SERVER" serve --hostname 127.0.0.1 --port "$port" --log warning >>"$d/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 300); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done
    URL=http://127.0.0.1:$port
}

# new_config FILE: a todo config file for a new user of the server, with its token.
new_config() {
    local user token
    user=bench$(date +%s%N)
    "$SERVER" user add "$user" >/dev/null 2>>"$WORK/server/server.log"
    token=$("$SERVER" token add "$user" 2>>"$WORK/server/server.log")
    (umask 077; printf '{"server": "%s", "token": "%s"}\n' "$URL" "$token" >"$1")
}

# --- the lived-in states, made with todo's own commands (issue 13) ---------------------------
# make_states N DIR: DIR/states/STATE/ holds each state's state file, journal and undo log.
make_states() {
    local n=$1 d=$2 s
    local names=$d/pristine/todo/names.txt
    log "N=$n: making the lived-in states with todo"
    s=$d/states/synthetic; mkdir -p "$s"
    cp "$d/pristine/todo/state.json" "$s/"
    # (a) history: add - of the N names, every third completed, then BULK toggles of all.
    s=$d/states/history; mkdir -p "$s"
    "$TODO" --file "$s/state.json" --quiet add - <"$names" >/dev/null
    # The attributes make_data.py gives, as a person gives them: bulk `modify -` by word.
    local words ids
    while IFS=$'\t' read -r words ids; do
        tr ' ' '\n' <<<"$ids" | "$TODO" --file "$s/state.json" --quiet modify - "$words" >/dev/null
    done <"$d/pristine/todo/modify.txt"
    seq 3 3 "$n" | "$TODO" --file "$s/state.json" --quiet toggle - >/dev/null
    for _ in $(seq "$BULK"); do seq 1 "$n" | "$TODO" --file "$s/state.json" --quiet toggle - >/dev/null; done
    # (b) synced: the synthetic file after a full sync with the local server.
    s=$d/states/synced; mkdir -p "$s"
    cp "$d/pristine/todo/state.json" "$s/"
    new_config "$d/synced-config.json"
    TODO_CONFIG=$d/synced-config.json "$TODO" --file "$s/state.json" sync --quiet >&2
    TODO_CONFIG=$d/synced-config.json "$TODO" --file "$s/state.json" sync --quiet >&2
    # (c) journal: the synthetic file with 99 small changes (49 todos toggled twice, one edit).
    s=$d/states/journal; mkdir -p "$s"
    cp "$d/pristine/todo/state.json" "$s/"
    for id in $(seq 1 49); do
        "$TODO" --file "$s/state.json" --quiet toggle "$id" >/dev/null
        "$TODO" --file "$s/state.json" --quiet toggle "$id" >/dev/null
    done
    "$TODO" --file "$s/state.json" --quiet edit 50 --notes "edited" >/dev/null
    # (d) fields: every todo carries the fields issue 21 added, given by todo's own commands.
    s=$d/states/fields; mkdir -p "$s"
    cp "$d/pristine/todo/state.json" "$s/"
    printf '{"uda.client.type": "string"}\n' >"$d/fields-config.json"
    # The annotations first: the bulk edits after them fold the journal they fill, as a person's
    # next large change would, so this state measures the fields, not a full journal's fold.
    for id in $(seq 1 100 "$n"); do "$TODO" --file "$s/state.json" --quiet annotate "$id" "called about it" >/dev/null; done
    seq 2 "$n" | TODO_CONFIG=$d/fields-config.json "$TODO" --file "$s/state.json" --quiet modify - scheduled:2026-12-01 dep:1 client:acme >/dev/null
    "$TODO" --file "$s/state.json" list --filter active --ids | sed -n '1~3p' | "$TODO" --file "$s/state.json" --quiet start - >/dev/null
    s=$d/states/journal
    local lines
    lines=$(($(wc -l <"$s/state.json.journal") - 1))
    [[ $lines == 99 ]] || { echo "compare.sh: the journal state has $lines changes, not 99" >&2; exit 1; }
    for s in "${STATES[@]}"; do
        local got
        got=$(todo_counts "$d/states/$s/state.json")
        [[ $got == "$n $ACTIVE" ]] || { echo "compare.sh: state $s has '$got' todos, want '$n $ACTIVE'" >&2; exit 1; }
        got=$("$TODO" --file "$d/states/$s/state.json" list --filter all +work project:garden due.before:eom --ids | cksum)
        [[ $got == "$(attribute_sum "$d/states/synthetic/state.json")" ]] || { echo "compare.sh: state $s has other attributes than the synthetic one" >&2; exit 1; }
        log "$(printf 'N=%s state %-9s %s' "$n" "$s" "$(cd "$d/states/$s" && du -ch state.json* | tail -1 | cut -f1)")"
    done
}

# attribute_sum FILE: a checksum of which todos have a tag, a project and a due date.
# todo_counts FILE: how many todos the file holds, and how many of them are active.
todo_counts() {
    "$TODO" --file "$1" list --filter all --json |
        python3 -c 'import json,sys; t=json.load(sys.stdin); print(len(t), sum(not x["completed"] for x in t))'
}

attribute_sum() {
    "$TODO" --file "$1" list --filter all +work project:garden due.before:eom --ids | cksum
}

# --- data sets and the three tools ---------------------------------------------------------
ADD_NAME="Benchmark an added todo of forty chars"
run_size() {
    local n=$1 d=$WORK/$1
    log "N=$n: generating data"
    mkdir -p "$d/live/todo" "$d/live/task" "$d/live/txt"
    python3 "$HERE/make_data.py" "$n" "$d/pristine" >"$d/ids.sh"
    # shellcheck disable=SC1091
    source "$d/ids.sh"
    local state=$d/live/todo/state.json
    cp "$d/pristine/todo/state.json" "$state"
    cp "$d/pristine/task/"*.data "$d/live/task/"
    cp "$d/pristine/txt/"*.txt "$d/live/txt/"
    cat >"$d/taskrc" <<EOF
data.location=$d/live/task
confirmation=no
verbose=nothing
gc=on
recurrence=no
hooks=off
color=off
news.version=2.6.0
EOF
    cat >"$d/todotxt.cfg" <<EOF
export TODO_DIR=$d/live/txt
export TODO_FILE=$d/live/txt/todo.txt
export DONE_FILE=$d/live/txt/done.txt
export REPORT_FILE=$d/live/txt/report.txt
export TODOTXT_DEFAULT_ACTION=ls
EOF
    export TASKRC=$d/taskrc
    # The three tools must see the same N todos, ACTIVE of them active.
    local got
    got=$(todo_counts "$state")
    [[ $got == "$n $ACTIVE" ]] || { echo "compare.sh: todo reads '$got' todos, want '$n $ACTIVE'" >&2; exit 1; }
    got="$(task count) $(task count status:pending)"
    [[ $got == "$n $ACTIVE" ]] || { echo "compare.sh: task counts '$got', want '$n $ACTIVE'" >&2; exit 1; }
    got=$("$TODOTXT" -d "$d/todotxt.cfg" -p ls | tail -1)
    [[ $got == "TODO: $ACTIVE of $ACTIVE tasks shown" ]] || { echo "compare.sh: todo.txt says '$got'" >&2; exit 1; }

    local p_task="cp $d/pristine/task/pending.data $d/pristine/task/completed.data $d/pristine/task/undo.data $d/pristine/task/backlog.data $d/live/task/"
    make_states "$n" "$d"
    local p_txt="cp $d/pristine/txt/todo.txt $d/pristine/txt/done.txt $d/live/txt/"
    local txt=("$TODOTXT" -d "$d/todotxt.cfg" -p -f)
    measure "$n" task add "$p_task" task add "$ADD_NAME"
    measure "$n" txt add "$p_txt" "${txt[@]}" add "$ADD_NAME"

    measure "$n" task list "" task list
    measure "$n" txt list "" "${txt[@]}" ls

    # Issue 11: a tag, and a project with a due date, as filters (todo.txt has no due filter).
    measure "$n" task tag "" task +work list
    measure "$n" txt tag "" "${txt[@]}" ls +work
    measure "$n" task projdue "" task project:garden due.before:eow list

    # Issue 23: the reports Taskwarrior has too.
    measure "$n" task projects "" task projects
    measure "$n" task tags "" task tags
    measure "$n" task summary "" task summary
    measure "$n" task calendar "" task calendar
    # Taskwarrior's burndown walks every task through every day since it was added: 403 s for
    # one run at 100k (docs/PERFORMANCE.md), so it is timed once, and only up to 10k.
    if ((n <= 10000)); then
        local saved_runs=("${RUNS[@]}")
        RUNS=(--runs 1)
        measure "$n" task burndown "" task burndown.daily
        RUNS=("${saved_runs[@]}")
    fi
    measure "$n" task history "" task history.monthly
    measure "$n" task stats "" task stats

    measure "$n" task show "" task "$TASK_ID" info
    measure "$n" txt show "" "${txt[@]}" ls "$TXT_TERM"

    measure "$n" task change "$p_task" task "$TASK_ID" done
    measure "$n" txt change "$p_txt" "${txt[@]}" do "$TXT_LINE"

    measure "$n" task delete "$p_task" task "$TASK_ID" delete
    measure "$n" txt delete "$p_txt" "${txt[@]}" del "$TXT_LINE"

    # todo in each state; before each run that changes something, the state's files (state
    # file, journal, undo log) are put back as they were and nothing else is left.
    local s
    for s in "${STATES[@]}"; do
        local live=$d/live/todo/$s saved=$d/states/$s
        mkdir -p "$live"
        # The copies are synced to disk: a lived-in file's pages are not all dirty, and the
        # journal's or undo log's fdatasync must not pay for writing a fresh copy back.
        printf 'rm -f %q/state.json*; cp %q/state.json* %q/; sync %q/state.json*\n' "$live" "$saved" "$live" "$live" >"$d/prep-$s.sh"
        local p_todo="sh $d/prep-$s.sh" state=$live/state.json tool=todo-$s
        $p_todo
        measure "$n" "$tool" add "$p_todo" "$TODO" --file "$state" add "$ADD_NAME"
        measure "$n" "$tool" list "" "$TODO" --file "$state" list --filter active
        measure "$n" "$tool" tag "" "$TODO" --file "$state" list +work
        measure "$n" "$tool" projdue "" "$TODO" --file "$state" list project:garden due.before:eow
        measure "$n" "$tool" show "" "$TODO" --file "$state" show "$TODO_ID"
        measure "$n" "$tool" change "$p_todo" "$TODO" --file "$state" toggle "$TODO_ID"
        measure "$n" "$tool" delete "$p_todo" "$TODO" --file "$state" delete "$TODO_ID"
        # Issue 23: each report within 2x list's time on the same file.
        local report
        for report in projects tags summary calendar burndown history stats; do
            measure "$n" "$tool" "$report" "" "$TODO" --file "$state" "$report"
        done
        # The completion callback the shell scripts run on TAB.
        measure "$n" "$tool" complete "" "$TODO" --file "$state" __complete ids
    done
    run_hooks "$n" "$d" "$p_task"
}

# Issue 41: what hooks cost. todo with a config folder and no hooks folder (what every row
# above pays: one opendir), with an empty hooks folder, and with a pass-through on-add and
# on-modify hook; task with the same hook (its rows above run with hooks=off). Each through
# env, so that every row pays the same exec.
run_hooks() {
    local n=$1 d=$2 p_task=$3 h=$2/hooks
    local state=$d/live/todo/synthetic/state.json p_todo="sh $d/prep-synthetic.sh"
    mkdir -p "$h/none/todo" "$h/empty/todo/hooks" "$h/pass/todo/hooks" "$h/task"
    printf '%s\n' '#!/bin/sh' '# Prints the last line it reads: the task (on-add), or the task after (on-modify).' \
        'while IFS= read -r line; do last=$line; done' 'printf "%s\n" "$last"' >"$h/pass/todo/hooks/on-add.pass"
    chmod +x "$h/pass/todo/hooks/on-add.pass"
    cp "$h/pass/todo/hooks/on-add.pass" "$h/pass/todo/hooks/on-modify.pass"
    cp "$h/pass/todo/hooks/on-add.pass" "$h/pass/todo/hooks/on-modify.pass" "$h/task/"
    local kind
    for kind in none empty pass; do
        measure "$n" "todo-hooks-$kind" add "$p_todo" env XDG_CONFIG_HOME="$h/$kind" "$TODO" --file "$state" add "$ADD_NAME"
        measure "$n" "todo-hooks-$kind" change "$p_todo" env XDG_CONFIG_HOME="$h/$kind" "$TODO" --file "$state" toggle "$TODO_ID"
    done
    measure "$n" task-hooks-pass add "$p_task" env task rc.hooks=on rc.hooks.location="$h/task" add "$ADD_NAME"
    measure "$n" task-hooks-pass change "$p_task" env task rc.hooks=on rc.hooks.location="$h/task" "$TASK_ID" done
}

# --- sync against a local todo-server ------------------------------------------------------
run_sync() {
    local d=$WORK/sync
    mkdir -p "$d"
    python3 "$HERE/make_data.py" "$PUSH" "$d/pristine" >/dev/null
    local url=$URL
    new_config "$d/nothing-config.json"

    # (1) nothing to do: a state file already synced with the server.
    cp "$d/pristine/todo/state.json" "$d/nothing.json"
    TODO_CONFIG=$d/nothing-config.json "$TODO" --file "$d/nothing.json" sync >&2
    TODO_CONFIG=$d/nothing-config.json measure sync todo sync-nothing "" "$TODO" --file "$d/nothing.json" sync

    # (2) a first sync of PUSH todos, pushed and pulled, beside `add -` (Benchmarks/first-sync.sh,
    # which checks its target; its own server, SQLite).
    TODO_BINARY=$TODO TODO_SERVER_BINARY=$SERVER bash "$HERE/first-sync.sh" --todos "$PUSH" \
        --runs "${SYNC_RUNS[1]}" --databases sqlite --no-vdirsyncer >"$WORK/first-sync.md" 2>"$WORK/first-sync.log" ||
        echo "FAIL  first sync: Benchmarks/first-sync.sh failed: $(tail -1 "$WORK/first-sync.log")" >>"$WORK/first-sync.md"
    grep -h '^PASS\|^FAIL' "$WORK/first-sync.log" | sed 's/^\(PASS\|FAIL\)  /\1  first sync, /' >>"$WORK/first-sync.md" || true
}

START=$(date +%s)
start_server
for n in "${SIZE_LIST[@]}"; do run_size "$n"; done
log "sync"
run_sync

# --- report --------------------------------------------------------------------------------
TODO_BINARY="$TODO" LINK_ORDER="$ROOT/Sources/todo/link-order.txt" python3 - "$RESULTS" "$SIZES" "$PUSH" "$(($(date +%s) - START))" <<'PY'
import sys, os, re, subprocess, datetime

path, sizes, push, seconds = sys.argv[1], [int(s) for s in sys.argv[2].split(",")], int(sys.argv[3]), sys.argv[4]
ms, rss = {}, {}
for line in open(path):
    size, tool, op, median, kib = line.rstrip("\n").split("\t")
    key = (size, tool, op)
    ms[key], rss[key] = float(median), int(kib) / 1024

def out(cmd):
    try: return subprocess.run(cmd, capture_output=True, text=True, shell=True).stdout.strip()
    except Exception: return "?"
cpu = re.search(r"model name\s*:\s*(.*)", open("/proc/cpuinfo").read())
mem = int(re.search(r"MemTotal:\s*(\d+)", open("/proc/meminfo").read()).group(1)) / 1024 / 1024
print("Date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
print("Machine: %s cores (nproc), %s, %.1f GiB RAM; load average before the report: %s"
      % (out("nproc"), cpu.group(1) if cpu else "?", mem, open("/proc/loadavg").read().split()[:3]))
print("Versions: %s; Taskwarrior %s; %s; %s" % (out(os.environ.get("TODO_BINARY", "todo") + " --version"), out("task --version"),
      out("dpkg-query -W -f='todotxt-cli ${Version}' todotxt-cli"), out("hyperfine --version")))
print("Medians of hyperfine -N --output=pipe runs, in ms; peak memory = maximum RSS of one run (/usr/bin/time -v), MiB.")
print()

ops = ["add", "list", "show", "change", "delete", "complete", "tag", "projdue"]
states = ["synthetic", "history", "synced", "journal", "fields"]
label = {"add": "add one", "list": "list active", "show": "show one", "change": "change one",
         "delete": "delete one", "complete": "completion", "tag": "list +work",
         "projdue": "list proj due"}
f = lambda v: "%.1f" % v if v is not None else "-"
r = lambda a, b: "%.2f" % (a / b) if a is not None and b else "-"
for n in sizes:
    s = str(n)
    print("N = {:,}: medians in ms; todo in each state; ratios of todo's slowest state".format(n))
    print("| operation   | task | todo.txt | synthetic | history | synced | journal | fields | worst/task | worst/todo.txt |")
    print("|-------------|-----:|---------:|----------:|--------:|-------:|--------:|-------:|-----------:|---------------:|")
    for op in ops:
        w, x = ms.get((s, "task", op)), ms.get((s, "txt", op))
        times = [ms.get((s, "todo-" + st, op)) for st in states]
        worst = max(t for t in times if t is not None)
        print("| %-11s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            label[op], f(w), f(x), *[f(t) for t in times], r(worst, w), r(worst, x)))
    print("Peak memory (MiB): " + "; ".join("%s todo %s (worst state), task %s, todo.txt %s" % (
        op, f(max(rss[(s, "todo-" + st, op)] for st in states)), f(rss.get((s, "task", op))), f(rss.get((s, "txt", op))))
        for op in ops[:5]))
    print()
reports = ["projects", "tags", "summary", "calendar", "burndown", "history", "stats"]
for n in sizes:
    s = str(n)
    print("N = {:,}: reports, medians in ms; ratios of todo's slowest state to its list there and to task's report".format(n))
    print("| report    | task | synthetic | history | synced | journal | fields | worst/list | worst/task |")
    print("|-----------|-----:|----------:|--------:|-------:|--------:|-------:|-----------:|-----------:|")
    for op in reports:
        times = [ms.get((s, "todo-" + st, op)) for st in states]
        worst_state = max((st for st in states if ms.get((s, "todo-" + st, op)) is not None), key=lambda st: ms[(s, "todo-" + st, op)])
        worst = ms[(s, "todo-" + worst_state, op)]
        print("| %-9s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            op, f(ms.get((s, "task", op))), *[f(t) for t in times], r(worst, ms[(s, "todo-" + worst_state, "list")]), r(worst, ms.get((s, "task", op)))))
    print()
for n in sizes:
    s = str(n)
    kinds = [("todo-hooks-none", "no hooks folder"), ("todo-hooks-empty", "empty hooks folder"),
             ("todo-hooks-pass", "pass-through hook"), ("task-hooks-pass", "task, same hook")]
    if (s, kinds[0][0], "add") not in ms: continue
    print("N = {:,}: hooks (issue 41), synthetic state, medians in ms".format(n))
    print("| operation  | " + " | ".join(k[1] for k in kinds) + " | hook cost | empty/none |")
    print("|------------|" + "|".join("-" * (len(k[1]) + 1) + ":" for k in kinds) + "|----------:|-----------:|")
    for op in ("add", "change"):
        t = [ms[(s, k[0], op)] for k in kinds]
        print("| %-10s | %s | %s | %s |" % (label[op], " | ".join(f(v) for v in t), f(t[2] - t[0]), r(t[1], t[0])))
    print()
print("Sync with a local todo-server (state of {:,} todos):".format(push))
for op, text in (("sync-nothing", "nothing to do"),):
    if ("sync", "todo", op) in ms:
        print("- %s: %.1f ms median, %.1f MiB peak" % (text, ms[("sync", "todo", op)], rss[("sync", "todo", op)]))
print()

results = []
def check(ok, text):
    results.append(("PASS" if ok else "FAIL") + "  " + text)
for st in states:
    tool = "todo-" + st
    if 10000 in sizes:
        s = "10000"
        for op in ["add", "change", "delete", "show"]:
            t, w, x = ms[(s, tool, op)], ms[(s, "task", op)], ms[(s, "txt", op)]
            check(t <= w / 3, "%-9s 10k %-6s todo %.1f ms <= 1/3 of Taskwarrior's %.1f ms (%.1f)" % (st, op, t, w, w / 3))
            check(t <= x, "%-9s 10k %-6s todo %.1f ms <= todo.txt's %.1f ms" % (st, op, t, x))
        t, w, x = ms[(s, tool, "list")], ms[(s, "task", "list")], ms[(s, "txt", "list")]
        check(t <= w / 3, "%-9s 10k list   todo %.1f ms <= 1/3 of Taskwarrior's %.1f ms (%.1f)" % (st, t, w, w / 3))
        check(t <= x / 3, "%-9s 10k list   todo %.1f ms <= 1/3 of todo.txt's %.1f ms (%.1f)" % (st, t, x, x / 3))
        worst = max(ops[:5], key=lambda op: rss[(s, tool, op)] - rss[(s, "task", op)])
        check(all(rss[(s, tool, op)] <= rss[(s, "task", op)] for op in ops[:5]),
              "%-9s 10k memory todo <= Taskwarrior per operation (largest excess: %s, todo %.1f MiB vs %.1f MiB)"
              % (st, worst, rss[(s, tool, worst)], rss[(s, "task", worst)]))
        t = ms[(s, tool, "complete")]
        check(t <= 20, "%-9s 10k completion todo %.1f ms <= 20 ms" % (st, t))
    for s in [str(n) for n in sizes if n in (10000, 100000)]:
        k = "%dk" % (int(s) // 1000)
        w, x = ms[(s, "task", "tag")], ms[(s, "txt", "tag")]
        for op, what in (("tag", "list +work"), ("projdue", "list project:garden due.before:eow")):
            t = ms[(s, tool, op)]
            check(t <= w / 3, "%-9s %s %s todo %.1f ms <= 1/3 of Taskwarrior's +work list %.1f ms (%.1f)" % (st, k, what, t, w, w / 3))
            check(t <= x / 3, "%-9s %s %s todo %.1f ms <= 1/3 of todo.txt's ls +work %.1f ms (%.1f)" % (st, k, what, t, x, x / 3))
    if 10000 in sizes and 100000 in sizes:
        for op in ops:
            a, b = ms[("10000", tool, op)], ms[("100000", tool, op)]
            check(b <= 10 * a, "%-9s 100k %-8s todo %.1f ms <= 10 x its 10k time %.1f ms (%.1fx)" % (st, op, b, a, b / a))
        t = ms[("100000", tool, "list")]
        check(t < 1000, "%-9s 100k list todo %.1f ms < 1000 ms" % (st, t))
        for op in ["add", "delete"]:
            t, x = ms[("100000", tool, op)], ms[("100000", "txt", op)]
            check(t <= x, "%-9s 100k %-6s todo %.1f ms <= todo.txt's %.1f ms" % (st, op, t, x))
        t = ms[("100000", tool, "complete")]
        check(t <= 50, "%-9s 100k completion todo %.1f ms <= 50 ms" % (st, t))
        top = max((k for k in rss if k[0] == "100000" and k[1] == tool), key=lambda k: rss[k])
        check(rss[top] < 150, "%-9s 100k memory todo peak %.1f MiB (%s) < 150 MiB" % (st, rss[top], top[2]))
for n in sizes:
    s = str(n)
    for st in states:
        for op in reports:
            t, l = ms[(s, "todo-" + st, op)], ms[(s, "todo-" + st, "list")]
            check(t <= 2 * l, "%-9s %dk %-8s todo %.1f ms <= 2 x its list %.1f ms (%.2fx)" % (st, n // 1000, op, t, l, t / l))
for n in sizes:
    s = str(n)
    if (s, "todo-hooks-pass", "add") not in ms: continue
    for op in ("add", "change"):
        t, w = ms[(s, "todo-hooks-pass", op)], ms[(s, "task-hooks-pass", op)]
        check(t <= w, "hooks %dk %-6s todo with a hook %.1f ms <= task with the same hook %.1f ms" % (n // 1000, op, t, w))
if ("sync", "todo", "sync-nothing") in ms:
    t = ms[("sync", "todo", "sync-nothing")]
    check(t <= 50, "sync nothing to do %.1f ms <= 50 ms" % t)
# The link order lists functions the binaries still have, else Benchmarks/link-order.sh is due.
binaries = [os.environ["TODO_BINARY"], os.path.join(os.path.dirname(os.environ["TODO_BINARY"]), "todo-sync")]
defined = set(line.split()[-1] for line in subprocess.run(
    ["nm", "--defined-only"] + binaries, capture_output=True, text=True).stdout.splitlines() if line.count(" ") == 2)
listed = [line.strip()[len(".text."):] for line in open(os.environ["LINK_ORDER"]) if line.startswith(".text.")]
listed = [name for name in listed if name != "startup"]
found = sum(name in defined for name in listed)
check(found >= 0.95 * len(listed), "link order: %d of the %d functions it lists are in todo and todo-sync (>= 95%%)"
      % (found, len(listed)))
# And the linker laid them out by it: this package's listed functions (each in a section of its
# own) lie side by side in todo, not spread over all its code (about 4 times their size).
placed = {}
symbols = subprocess.run(["nm", "-S", "--defined-only", binaries[0]], capture_output=True, text=True).stdout
for line in symbols.splitlines():
    fields = line.split()
    if len(fields) == 4 and fields[2] in "tT": placed[fields[3]] = (int(fields[0], 16), int(fields[1], 16))
own = [placed[name] for name in listed if name in placed and re.match(r"\$s\d+Todo", name)]
size = sum(length for _, length in own)
span = max(start + length for start, length in own) - min(start for start, _ in own)
check(span <= 2 * size, "link order: this package's %d listed functions (%d KiB) lie within %d KiB of todo (<= 2x)"
      % (len(own), size // 1024, span // 1024))
first = os.path.join(os.path.dirname(path), "first-sync.md")
if os.path.exists(first):
    print("A first sync of {:,} todos (Benchmarks/first-sync.sh, SQLite):".format(push))
    for line in open(first):
        if line.startswith("|"): print(line, end="")
        elif line.startswith(("PASS", "FAIL")): results.append(line.strip())
    print()
print("Targets (issues 7, 11 and 13, in every state, the fields state of issue 21 too):")
for line in results: print(line)
print()
print("compare.sh ran for %s s" % seconds)
PY
