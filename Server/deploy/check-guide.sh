#!/usr/bin/env bash
# Follows Server/DEPLOY.md on this machine, as far as a machine without systemd as PID 1 allows.
#
#   bash Server/deploy/check-guide.sh PATH-TO-todo-server
#
# A temporary directory stands in for / (usr/local/bin, etc/todo-server, var/lib/todo-server,
# var/backups/todo-server); the guide's own command blocks are taken from DEPLOY.md and run
# with those paths, with a systemctl stand-in where they need systemd. As root, the guide's
# useradd line makes the service's user for real (named todo-check-PID, removed on exit), and
# the server, its admin commands (the guide's todo-admin, with the real runuser) and the
# backup service run as that unprivileged user; as another user, they run as the caller, with
# runuser/install/useradd stand-ins. Everything it starts is stopped, and the directory
# removed, on exit (KEEP=1 keeps the directory). Exits non-zero on the first failure; prints
# "SKIP ..." for every part it cannot run here, and why (CHECK_GUIDE_STRICT=1, as CI runs it:
# fails instead).
#
# Needs curl and openssl. Fetches Debian's systemd (systemd-analyze), nginx, caddy, sqlite3,
# vdirsyncer and todoman with apt-get when they are missing (nginx and caddy only as unpacked
# .debs: nothing is installed or started system-wide). Uses python3 (the seccomp/MDWE sandbox,
# the TLS reload check) and PostgreSQL's initdb when present. The devices' sections (9 and 10)
# need the todo CLI: TODO_BINARY, else .build/debug/todo beside the server's package.
# shellcheck disable=SC1091,SC2016,SC2317 # sourced blocks of the guide; literal $ on purpose; stand-ins called by them
set -euo pipefail

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 PATH-TO-todo-server" >&2
    exit 2
fi
BIN_IN=$(readlink -f "$1")
BIN_ARG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute, links kept (see TODO_BIN)
HERE=$(cd "$(dirname "$0")" && pwd)
GUIDE=$(dirname "$HERE")/DEPLOY.md
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

WORK=$(mktemp -d /tmp/todo-deploy-check.XXXXXX)
chmod 755 "$WORK"
R=$WORK/root                      # stands in for /
BIN=$R/usr/local/bin/todo-server
PIDS=()
PG_CTL_STOP=""
PASSED=0
SKIPPED=()
# The service's user: the guide's todo-server, made for real as root under a name of this run
# (a machine that runs the real service keeps its own user untouched).
AS_ROOT=0
[ "$(id -u)" = 0 ] && AS_ROOT=1
SVC_USER=todo-server
[ $AS_ROOT = 0 ] || SVC_USER=todo-check-$$
CREATED_USER=""

cleanup() {
    local status=$?
    set +e
    for pid in "${PIDS[@]}"; do
        kill -0 "$pid" 2>/dev/null || continue
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null
    done
    [ -n "$PG_CTL_STOP" ] && eval "$PG_CTL_STOP" >/dev/null 2>&1
    if [ -n "$CREATED_USER" ]; then
        userdel "$CREATED_USER" >/dev/null 2>&1
        ! getent group "$CREATED_USER" >/dev/null || groupdel "$CREATED_USER" >/dev/null 2>&1
    fi
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() { printf '\n==> %s\n' "$*"; }
ok() { echo "ok: $*"; PASSED=$((PASSED + 1)); }
# CHECK_GUIDE_STRICT=1 (CI): a part that cannot run here fails instead of being skipped.
skip() {
    [ "${CHECK_GUIDE_STRICT:-0}" = 1 ] && fail "cannot run here (CHECK_GUIDE_STRICT=1): $*"
    echo "SKIP $*"
    SKIPPED+=("$*")
}
fail() { echo "FAIL: $*" >&2; exit 1; }
show() { sed 's/^/    | /' "$@" >&2; }

# --- the guide ------------------------------------------------------------------------------
[ -f "$GUIDE" ] || fail "no $GUIDE"
guide_says() { grep -qF -- "$1" "$GUIDE" || fail "DEPLOY.md no longer says: $1"; }
# The body of the heredoc `cat > PATH <<'EOF'` ... `EOF` in the guide.
guide_file() {
    awk -v start="cat > $1 <<'EOF'" '$0 == start { on = 1; next } on && $0 == "EOF" { exit } on' "$GUIDE"
}
# The fenced block (```sh, ```ini, ```python, ```) after the marker line `<!-- check-guide: $1 -->`.
guide_block() {
    awk -v marker="<!-- check-guide: $1 -->" '$0 == marker { h = 1; next }
        h && !on && /^```[a-z]*$/ { on = 1; next } on && /^```$/ { exit } on' "$GUIDE"
}
# The guide's paths moved into a stand-in / ($1, default $R).
rootify() {
    local root=${1:-$R}
    sed -e "s|/usr/local/bin/todo-server|$root/usr/local/bin/todo-server|g" \
        -e "s|/etc/todo-server|$root/etc/todo-server|g" \
        -e "s|/var/lib/todo-server|$root/var/lib/todo-server|g" \
        -e "s|/var/backups/todo-server|$root/var/backups/todo-server|g"
}
# The guide's todo-server user, as an argument of useradd, install -o/-g, runuser -u, and
# User=/Group=, renamed to this run's $SVC_USER (paths named todo-server stay).
userify() {
    sed -E -e "s/(-[ogu]) todo-server( |\$)/\1 $SVC_USER\2/g" \
        -e "/^useradd /s/ todo-server\$/ $SVC_USER/" \
        -e "s/^(User|Group)=todo-server\$/\1=$SVC_USER/"
}
# -o/-g for a file or directory the service's user must own (nothing when not root).
OWN=()
[ $AS_ROOT = 0 ] || OWN=(-o "$SVC_USER" -g "$SVC_USER")
# As the service's user: the ids and exec, as systemd's User=/Group= does (no PAM session and
# no parent process between, so a signal to the pid reaches the server itself).
AS_SVC=()
[ $AS_ROOT = 0 ] || AS_SVC=(setpriv --reuid="$SVC_USER" --regid="$SVC_USER" --init-groups --)

# Stand-ins for the commands of the guide's blocks that need root, when not root: runuser
# -u runs as the caller, install drops -o/-g, useradd does nothing. As root the real ones run.
runuser_standin() { [ "$1" = -u ] && shift 2; [ "$1" = -- ] && shift; "$@"; }
install_standin() { # drops -o/-g for a user that does not exist here (or when not root)
    local args=()
    while [ $# -gt 0 ]; do
        case $1 in
            -o | -g)
                if [ "$(id -u)" = 0 ] && id "$2" >/dev/null 2>&1; then args+=("$1" "$2"); fi
                shift 2 ;;
            *) args+=("$1"); shift ;;
        esac
    done
    command install "${args[@]}"
}
useradd_standin() { echo "not root: useradd $* left out; the server runs as $(id -un)"; }
STANDINS='runuser() { runuser_standin "$@"; }; install() { install_standin "$@"; }; useradd() { useradd_standin "$@"; }'
[ $AS_ROOT = 1 ] || eval "$STANDINS"

# --- tools ------------------------------------------------------------------------------------
need() { command -v "$1" >/dev/null || fail "$1 is needed"; }
need curl
need openssl
APT_UPDATED=0
apt_ok() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
apt_update() {
    [ $APT_UPDATED = 1 ] && return 0
    apt-get update -q >/dev/null && APT_UPDATED=1
}
apt_install() { apt_ok && apt_update && apt-get install -y -q --no-install-recommends "$@" >/dev/null; }
# Unpacks a Debian package into $WORK/debs without installing it (no service is started).
apt_unpack() {
    apt_ok || return 1
    apt_update || return 1
    mkdir -p "$WORK/debs" && chmod 755 "$WORK/debs"
    (cd "$WORK/debs" && apt-get download -q "$1" >/dev/null 2>&1) || return 1
    dpkg-deb -x "$WORK/debs/$1"_*.deb "$WORK/debs/root"
}

# A port nothing listens on, below the kernel's ephemeral range (32768 up, where outgoing
# connections take theirs), and never one this run handed out before (the caller may not have
# bound it yet).
GIVEN_PORTS=$WORK/given-ports
free_port() {
    local port
    for _ in $(seq 200); do
        port=$((20000 + RANDOM % 12700))
        grep -qx "$port" "$GIVEN_PORTS" 2>/dev/null && continue
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port" >>"$GIVEN_PORTS"; echo "$port"; return; fi
    done
    fail "no free port"
}

# Waits (at most $3 seconds) for a line matching $2 in file $1, while process $4 lives.
wait_for_log() {
    local deadline=$((SECONDS + $3))
    until grep -qE -- "$2" "$1" 2>/dev/null; do
        kill -0 "$4" 2>/dev/null || { show "$1"; fail "process $4 ended before logging: $2"; }
        [ $SECONDS -lt $deadline ] || { show "$1"; fail "no '$2' in $1 after $3 s"; }
        sleep 0.1
    done
}
# Polls URL (extra curl options after it) until it answers 2xx, for at most 60 s.
# With WAIT_PID and WAIT_LOG set: fails at once, with the log, when that process has exited.
wait_ready() {
    local url=$1 deadline=$((SECONDS + 60))
    shift
    until curl -fsS -o /dev/null --max-time 5 "$@" "$url" 2>/dev/null; do
        if [ -n "${WAIT_PID:-}" ] && ! kill -0 "$WAIT_PID" 2>/dev/null; then show "$WAIT_LOG"; fail "$url: the process that serves it exited"; fi
        [ $SECONDS -lt $deadline ] || { [ -n "${WAIT_LOG:-}" ] && show "$WAIT_LOG"; fail "$url not ready after 60 s"; }
        sleep 0.2
    done
}
# Sends SIGTERM and waits (at most 30 s) for the process to end; with $2 = clean, it must
# exit 0 (127: a subshell started it, and its status cannot be had here).
stop_pid() {
    kill -TERM "$1"
    local deadline=$((SECONDS + 30))
    while kill -0 "$1" 2>/dev/null; do
        [ $SECONDS -lt $deadline ] || fail "process $1 still runs 30 s after SIGTERM"
        sleep 0.1
    done
    local status=0
    wait "$1" 2>/dev/null || status=$?
    [ "${2:-}" != clean ] || [ $status = 0 ] || [ $status = 127 ] || fail "process $1 exited $status after SIGTERM"
}
# HTTP status of a request; the body goes to $WORK/body.
status_of() { curl -sS -o "$WORK/body" -w '%{http_code}' --max-time 20 "$@"; }
expect_status() {
    local want=$1 got
    shift
    got=$(status_of "$@" 2>"$WORK/curl.err") || true # a server may close while curl still sends (413)
    [ "$got" = "$want" ] || { show "$WORK/body"; fail "expected $want, got $got: curl $*"; }
}

# --- 1. the binary ----------------------------------------------------------------------------
step "1. build: strip a copy (the release build itself takes 10 minutes and is not run here)"
guide_says "swift build -c release --static-swift-stdlib --package-path Server"
guide_says "strip -o todo-server Server/.build/release/todo-server"
mkdir -p "$R/usr/local/bin" "$R/etc" "$R/var/lib" "$R/var/backups"
chmod -R 755 "$R"
need strip
strip -o "$WORK/todo-server" "$BIN_IN"
install -m 0755 "$WORK/todo-server" "$BIN"
"$BIN" --help >"$WORK/help.txt"
ok "stripped ($(du -m "$BIN_IN" | cut -f1) MB -> $(du -m "$BIN" | cut -f1) MB); --help runs"
has_command() { grep -qE "^ *$1 " "$WORK/help.txt"; }
"$BIN" serve --help >"$WORK/serve-help.txt"
HAS_TLS=0; grep -q -- "tls-cert" "$WORK/serve-help.txt" && HAS_TLS=1
HAS_BACKUP=0; has_command backup && HAS_BACKUP=1
# grep -q would stop reading early, and under pipefail the writer's SIGPIPE fails the test.
HAS_METRICS=0; "$BIN" routes 2>/dev/null | grep "/metrics" >/dev/null && HAS_METRICS=1

# --- 2. the unit ------------------------------------------------------------------------------
step "2. install: the unit, checked with systemd-analyze"
UNIT_SRC=$HERE/todo-server.service
UNITS=$WORK/units
mkdir -p "$UNITS/todo-server.service.d"
if ! command -v systemd-analyze >/dev/null; then
    echo "installing Debian's systemd package for systemd-analyze"
    apt_install systemd || fail "systemd-analyze is missing and cannot be installed"
fi
guide_says "systemd-analyze verify /etc/systemd/system/todo-server.service"
for f in $(grep -oE 'Server/deploy/[A-Za-z0-9._-]+' "$GUIDE" | sort -u); do
    [ -f "$(dirname "$HERE")/${f#Server/}" ] || fail "DEPLOY.md names $f, which does not exist"
done
rootify <"$UNIT_SRC" >"$UNITS/todo-server.service"
# systemd-analyze verify exits 0 even when it ignores a line it cannot parse: it must print nothing.
verify() {
    local out=$WORK/verify.out
    if ! systemd-analyze verify "$@" >"$out" 2>&1 || [ -s "$out" ]; then
        show "$out"
        fail "systemd-analyze verify $*"
    fi
}
verify "$UNITS/todo-server.service"
sed 's/^ProtectSystem=strict/ProtectSystem=stricter/' "$UNITS/todo-server.service" >"$WORK/broken.service"
if systemd-analyze verify "$WORK/broken.service" 2>&1 | grep "ProtectSystem\|protect system" >/dev/null; then
    ok "systemd-analyze verify: the unit is clean (and a misspelt value in a copy is reported)"
else
    fail "systemd-analyze verify did not report a bad value: this check would miss errors"
fi
security() {
    systemd-analyze security --offline=true --threshold=20 "$1" >"$WORK/security.out" 2>&1 \
        || { show "$WORK/security.out"; fail "systemd-analyze security: exposure above 2.0 for $1"; }
    grep -o "Overall exposure level.*" "$WORK/security.out"
}
level=$(security "$UNITS/todo-server.service")
echo "$level"
ok "systemd-analyze security --offline: at most 2.0"
for key in "User=todo-server" "UMask=0077" "ProtectSystem=strict" "ProtectHome=yes" "PrivateTmp=yes" \
    "PrivateDevices=yes" "NoNewPrivileges=yes" "CapabilityBoundingSet=" \
    "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX" "SystemCallFilter=@system-service" \
    "MemoryDenyWriteExecute=yes" "StateDirectory=todo-server" "EnvironmentFile=-/etc/todo-server/env" \
    "ExecStartPre=/usr/local/bin/todo-server migrate" \
    "ExecStart=/usr/local/bin/todo-server serve --hostname 127.0.0.1 --port 8080" \
    'ExecReload=/bin/kill -HUP $MAINPID' "Restart=on-failure"; do
    grep -qxF -- "$key" "$UNIT_SRC" || fail "the unit lacks the line $key"
done
ok "the unit has the settings the guide describes"

for dropin in tls postgresql; do
    guide_file "/etc/systemd/system/todo-server.service.d/$dropin.conf" | rootify \
        >"$UNITS/todo-server.service.d/$dropin.conf"
    [ -s "$UNITS/todo-server.service.d/$dropin.conf" ] || fail "no $dropin.conf drop-in in DEPLOY.md"
    verify "$UNITS/todo-server.service"
    level=$(security "$UNITS/todo-server.service")
    echo "with $dropin.conf: $level"
    rm "$UNITS/todo-server.service.d/$dropin.conf"
done
ok "the guide's TLS and PostgreSQL drop-ins verify"
for f in todo-server-backup.service todo-server-backup.timer; do
    guide_file "/etc/systemd/system/$f" | rootify >"$UNITS/$f"
    [ -s "$UNITS/$f" ] || fail "no $f in DEPLOY.md"
done
verify "$UNITS/todo-server-backup.service" "$UNITS/todo-server-backup.timer"
ok "the guide's backup service and timer verify"

# --- 2. the guide's install block: the user, the data directory, the files -------------------
step "2. install: the guide's user, data directory, binary, environment file and unit"
# The guide's block in stand-in / $1; with $2 = user, its useradd line too (once a run).
guide_install() {
    local root=$1 units
    units=$WORK/installed-units-$(basename "$1")
    mkdir -p "$units"
    guide_block install >"$WORK/install.sh"
    for line in "useradd --system --user-group --home-dir /var/lib/todo-server --shell /usr/sbin/nologin todo-server" \
        "install -d -m 0700 -o todo-server -g todo-server /var/lib/todo-server" \
        "install -m 0755 /tmp/todo-server /usr/local/bin/todo-server" \
        "install -m 0640 -g todo-server Server/deploy/env.example /etc/todo-server/env"; do
        grep -qxF -- "$line" "$WORK/install.sh" || fail "section 2's install block changed (no line: $line); update this check"
    done
    [ "${2:-}" = user ] || sed -i '/^useradd /d' "$WORK/install.sh"
    rootify "$root" <"$WORK/install.sh" | userify | sed -e "s| /tmp/todo-server | $WORK/todo-server |" \
        -e "s| Server/deploy/| $HERE/|g" -e "s|/etc/systemd/system/|$units/|g" >"$WORK/install-run.sh"
    (set -e; cd "$WORK"; . "$WORK/install-run.sh") >"$WORK/install.out" 2>&1 \
        || { show "$WORK/install.out"; fail "section 2's install block"; }
    cmp -s "$units/todo-server.service" "$UNIT_SRC" || fail "the install block did not install deploy/todo-server.service"
    # The guide's paths in the installed environment file, moved into the stand-in / (written
    # in place: its owner, group and mode stay as the block set them).
    rootify "$root" <"$root/etc/todo-server/env" >"$WORK/env.rooted"
    cat "$WORK/env.rooted" >"$root/etc/todo-server/env"
}
if [ $AS_ROOT = 1 ]; then
    command -v useradd >/dev/null || fail "useradd is needed (Debian's passwd package)"
    command -v setpriv >/dev/null || fail "setpriv is needed (Debian's util-linux package)"
    ! id "$SVC_USER" >/dev/null 2>&1 || fail "a user $SVC_USER exists already"
    CREATED_USER=$SVC_USER # removed on exit, however far the block got
fi
guide_install "$R" user
DATA=$R/var/lib/todo-server
if [ $AS_ROOT = 1 ]; then
    id "$SVC_USER" >/dev/null 2>&1 || fail "the guide's useradd line made no user $SVC_USER"
    [ "$(id -u "$SVC_USER")" -lt 1000 ] || fail "useradd --system gave $SVC_USER uid $(id -u "$SVC_USER"), not a system uid"
    [ "$(getent passwd "$SVC_USER" | cut -d: -f7)" = /usr/sbin/nologin ] || fail "$SVC_USER has a login shell"
    [ "$(stat -c '%a %U %G' "$DATA")" = "700 $SVC_USER $SVC_USER" ] || fail "$DATA is $(stat -c '%a %U %G' "$DATA"), not 700 $SVC_USER $SVC_USER"
    [ "$(stat -c '%a %U %G' "$R/etc/todo-server/env")" = "640 root $SVC_USER" ] || fail "the env file is $(stat -c '%a %U %G' "$R/etc/todo-server/env")"
    ok "the guide's install block: system user $SVC_USER (nologin), $DATA mode 700 its own, the env file root:$SVC_USER 640"
else
    [ "$(stat -c %a "$DATA")" = 700 ] || fail "$DATA is mode $(stat -c %a "$DATA"), not 700"
    ok "the guide's install block, as $(id -un) (not root: no user made, owners left out); $DATA mode 700"
fi

# --- the unit's environment and sandbox, for the commands the unit runs ----------------------
UNIT_ENV=()
while IFS= read -r line; do UNIT_ENV+=("$line"); done \
    < <(sed -n 's/^Environment=//p' "$UNITS/todo-server.service")

SANDBOX=()
setup_sandbox() {
    if ! command -v python3 >/dev/null; then skip "sandbox: no python3 here"; return; fi
    if [ "$(uname -m)" != x86_64 ] || [ ! -f /usr/include/x86_64-linux-gnu/asm/unistd_64.h ]; then
        skip "sandbox: needs x86_64 and linux-libc-dev's asm/unistd_64.h"
        return
    fi
    # The unit's SystemCallFilter= lines: the first an allow list, "~" lines taken out of it.
    expand() { # a group (recursively) or a single system call
        case $1 in
            @*) systemd-analyze syscall-filter "$1" | tail -n +2 | sed 's/^ *//' | grep -v '^#' | grep . |
                    while read -r name; do expand "$name"; done ;;
            *) echo "$1" ;;
        esac
    }
    : >"$WORK/allow.txt"
    : >"$WORK/deny.txt"
    local value group
    while IFS= read -r value; do
        case $value in
            "~"*) for group in ${value#\~}; do expand "$group" >>"$WORK/deny.txt"; done ;;
            *) for group in $value; do expand "$group" >>"$WORK/allow.txt"; done ;;
        esac
    done < <(sed -n 's/^SystemCallFilter=//p' "$UNITS/todo-server.service")
    sort -u "$WORK/allow.txt" -o "$WORK/allow.txt"
    sort -u "$WORK/deny.txt" -o "$WORK/deny.txt"
    comm -23 "$WORK/allow.txt" "$WORK/deny.txt" >"$WORK/allowed.txt"
    local mdwe=0
    grep -qx "MemoryDenyWriteExecute=yes" "$UNITS/todo-server.service" && mdwe=1
    cat >"$WORK/sandbox.py" <<'PY'
# sandbox.py ALLOWED MDWE COMMAND...: exec COMMAND as systemd would with NoNewPrivileges=yes,
# SystemCallFilter= (an allow list, the rest failing with EPERM: SystemCallErrorNumber=EPERM),
# SystemCallArchitectures=native and, with MDWE=1, MemoryDenyWriteExecute=yes (the kernel's
# PR_SET_MDWE: no mapping both writable and executable, none made executable later).
import ctypes, errno, os, re, struct, sys
names = set(open(sys.argv[1]).read().split())
numbers = {}
for line in open("/usr/include/x86_64-linux-gnu/asm/unistd_64.h"):
    m = re.match(r"#define __NR_(\w+) (\d+)", line)
    if m:
        numbers[m.group(1)] = int(m.group(2))
def insn(code, jt, jf, k):
    return struct.pack("HBBI", code, jt, jf, k)
LD, JEQ, JGE, RET = 0x20, 0x15, 0x35, 0x06
ALLOW, DENY = 0x7FFF0000, 0x00050000 | errno.EPERM
prog = [insn(LD, 0, 0, 4), insn(JEQ, 1, 0, 0xC000003E), insn(RET, 0, 0, DENY),
        insn(LD, 0, 0, 0), insn(JGE, 0, 1, 0x40000000), insn(RET, 0, 0, DENY)]
for nr in sorted({numbers[n] for n in names if n in numbers}):
    prog += [insn(JEQ, 0, 1, nr), insn(RET, 0, 0, ALLOW)]
prog.append(insn(RET, 0, 0, DENY))
code = ctypes.create_string_buffer(b"".join(prog))
class Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
fprog = Fprog(len(prog), ctypes.cast(code, ctypes.c_void_p))
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
def prctl(option, arg2, arg3=0):
    if libc.prctl(option, arg2, arg3, 0, 0) != 0:
        sys.exit("sandbox: prctl(%d): %s" % (option, os.strerror(ctypes.get_errno())))
if sys.argv[2] == "1":
    prctl(65, 1)                              # PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN
prctl(38, 1)                                  # PR_SET_NO_NEW_PRIVS
prctl(22, 2, ctypes.addressof(fprog))         # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
os.execv(sys.argv[3], sys.argv[3:])
PY
    local probe=(python3 "$WORK/sandbox.py" "$WORK/allowed.txt" "$mdwe")
    if ! "${probe[@]}" /bin/true 2>"$WORK/sandbox.err"; then
        show "$WORK/sandbox.err"
        skip "sandbox: this kernel refuses seccomp or PR_SET_MDWE"
        return
    fi
    # A control: the filter really refuses what the unit leaves out (setpriority is in @resources).
    if "${probe[@]}" "$(command -v python3)" -c 'import os; os.setpriority(os.PRIO_PROCESS, 0, 1)' 2>/dev/null; then
        fail "sandbox: setpriority was not refused; the filter does not work"
    fi
    SANDBOX=("${probe[@]}")
    ok "sandbox: $(wc -l <"$WORK/allowed.txt") system calls allowed, MemoryDenyWriteExecute=$mdwe"
}
setup_sandbox

# Runs a command of the unit (ExecStartPre, ExecStart) in place of the calling (sub)shell: the
# unit's environment (Environment=, then EnvironmentFile=, then $EXTRA_ENV), working directory,
# umask and sandbox. $SERVICE_ROOT: which stand-in / (the unit's paths are moved there).
SERVICE_ROOT=$R
EXTRA_ENV=()
service_exec() {
    local root=$SERVICE_ROOT
    exec "${AS_SVC[@]}" env -i PATH=/usr/bin:/bin "${UNIT_ENV[@]//"$R"/"$root"}" "${EXTRA_ENV[@]}" sh -c \
        'umask 0077; set -a; [ ! -f "$1" ] || . "$1"; set +a; cd "$2" || exit 1; shift 2; exec "$@"' \
        sh "$root/etc/todo-server/env" "$root/var/lib/todo-server" "${SANDBOX[@]}" "$@"
}
service_run() { (service_exec "$@"); }
# The guide's todo-admin function, as root would put it in ~/.bashrc: its paths in the stand-in
# / ($SERVICE_ROOT), its user this run's. As root the real runuser runs it as that user; root's
# environment here is a clean one, as a login shell's would be.
ADMIN_SH='set -a; . /etc/todo-server/env; set +a; cd /var/lib/todo-server && exec /usr/local/bin/todo-server "$@"'
guide_says "runuser -u todo-server -- sh -c '$ADMIN_SH' todo-admin \"\$@\""
awk '$0 == "todo-admin() {" { on = 1 } on { print } on && $0 == "}" { exit }' "$GUIDE" >"$WORK/todo-admin.sh"
[ "$(wc -l <"$WORK/todo-admin.sh")" = 3 ] || fail "no three-line todo-admin function in DEPLOY.md"
todo-admin() {
    local standins=""
    [ $AS_ROOT = 1 ] || standins="$(declare -f runuser_standin install_standin useradd_standin); $STANDINS"
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$WORK" bash --norc --noprofile -c \
        "$standins
$(rootify "$SERVICE_ROOT" <"$WORK/todo-admin.sh" | userify)
todo-admin \"\$@\"" todo-admin "$@"
}

# --- 2. first start: migrate, serve -----------------------------------------------------------
step "2. first start: ExecStartPre (migrate), then ExecStart (serve), as the unit runs them"
ExecStartPre_cmd() { sed -n 's/^ExecStartPre=//p' "$UNITS/todo-server.service"; }
ExecStart_cmd() { sed -n 's/^ExecStart=//p' "$UNITS/todo-server.service" | head -1; }
[ "$(ExecStartPre_cmd)" = "$BIN migrate" ] || fail "unexpected ExecStartPre: $(ExecStartPre_cmd)"
[ "$(ExecStart_cmd)" = "$BIN serve --hostname 127.0.0.1 --port 8080" ] || fail "unexpected ExecStart"
service_run "$BIN" migrate >"$WORK/migrate.out" 2>"$WORK/migrate.err" \
    || { show "$WORK/migrate.err"; fail "migrate"; }
grep -q "Migrated the database" "$WORK/migrate.out" || { show "$WORK/migrate.out"; fail "migrate said"; }
DB=$R/var/lib/todo-server/todo-server.sqlite
[ "$(stat -c %a "$DB")" = 600 ] || fail "the database is mode $(stat -c %a "$DB"), not 600"
[ $AS_ROOT = 0 ] || [ "$(stat -c %U "$DB")" = "$SVC_USER" ] || fail "the database belongs to $(stat -c %U "$DB"), not $SVC_USER"
service_run "$BIN" migrate >"$WORK/migrate.out" 2>&1
grep -q "The database is up to date." "$WORK/migrate.out" || fail "a second migrate is not a no-op"
ok "migrate made $DB (mode 600); run again, it changes nothing"

# Starts `serve` like ExecStart, but on port 0 (the port it gets is in its log). Sets
# SERVER_PID and SERVER_PORT. $1: a name for its log; the rest: extra environment.
start_server() {
    local name=$1
    shift
    local log=$WORK/$name.log
    EXTRA_ENV=("$@")
    service_exec "$SERVICE_ROOT/usr/local/bin/todo-server" serve --hostname 127.0.0.1 --port 0 \
        >"$WORK/$name.out" 2>"$log" &
    SERVER_PID=$!
    EXTRA_ENV=()
    PIDS+=("$SERVER_PID")
    wait_for_log "$log" "Server started on https?://127.0.0.1:[0-9]+" 60 "$SERVER_PID"
    SERVER_PORT=$(grep -oE "Server started on https?://127.0.0.1:[0-9]+" "$log" | head -1 | sed 's/.*://')
}

step "3. users and tokens (the guide's commands, through todo-admin)"
guide_block users >"$WORK/users.sh"
grep -q "todo-admin token add alice --device laptop --expires 365" "$WORK/users.sh" \
    || fail "section 3's first block changed; update this check"
(cd "$WORK" && set -e && . "$WORK/users.sh") >"$WORK/users.out" 2>"$WORK/users.err" \
    || { show "$WORK/users.err"; fail "section 3's commands"; }
TOKEN=$(cat "$WORK/alice-laptop.token")
[[ $TOKEN =~ ^todo_[A-Za-z0-9_-]{43}$ ]] || fail "token add printed more than a token: $(cat "$WORK/alice-laptop.token")"
[ "$(stat -c %a "$WORK/alice-laptop.token")" = 600 ] || fail "the token file is not mode 600"
TOKEN_ID=$(grep -oE "Token [0-9A-F-]{36} for alice" "$WORK/users.err" | cut -d' ' -f2)
[ -n "$TOKEN_ID" ] || { show "$WORK/users.err"; fail "token add printed no id on stderr"; }
grep -qE "^$TOKEN_ID	laptop	.*	expires 20[0-9-]+T.*	used never	active$" "$WORK/users.out" \
    || { show "$WORK/users.out"; fail "token list does not show the laptop token"; }
ok "user add, token add --device --expires (token alone on stdout, id on stderr), token list"

start_server main
BASE=http://127.0.0.1:$SERVER_PORT
MAIN_PID=$SERVER_PID
wait_ready "$BASE/ready"
if [ ${#SANDBOX[@]} -gt 0 ]; then
    grep -qE '^Seccomp:[[:space:]]+2$' "/proc/$MAIN_PID/status" || fail "the server runs without the seccomp filter"
    [ "$(cat "/proc/$MAIN_PID/comm")" = todo-server ] || fail "process $MAIN_PID is $(cat "/proc/$MAIN_PID/comm"), not the server"
fi
if [ $AS_ROOT = 1 ]; then
    read -r _ uid euid _ < <(grep '^Uid:' "/proc/$MAIN_PID/status")
    [ "$uid $euid" = "$(id -u "$SVC_USER") $(id -u "$SVC_USER")" ] || fail "the server runs as uid $uid/$euid, not $SVC_USER"
    ok "the server runs as $SVC_USER (uid $uid), not root"
fi
guide_says "curl -fsS http://127.0.0.1:8080/ready"
curl -fsS "$BASE/ready" | grep '"status":"ready"' >/dev/null || fail "/ready"
curl -fsS "$BASE/health" | grep '"status":"ok"' >/dev/null || fail "/health"
ok "serve (ExecStart, on port $SERVER_PORT) answers /ready and /health"

# The guide's end-to-end block, with URL set to $1 and curl given $CURL_OPTS.
CURL_OPTS=()
run_smoke() {
    guide_block smoke >"$WORK/smoke.sh"
    grep -q '^URL=https://todo.example.org' "$WORK/smoke.sh" || fail "the smoke block changed; update this check"
    sed -i "s|^URL=https://todo.example.org.*|URL=$1|" "$WORK/smoke.sh"
    (
        set -e
        curl() { command curl "${CURL_OPTS[@]}" "$@"; }
        cd "$WORK"
        . "$WORK/smoke.sh"
    ) >"$WORK/smoke.out" 2>"$WORK/smoke.err" || { show "$WORK/smoke.err" "$WORK/smoke.out"; fail "the smoke test at $1"; }
    grep -q '"status":"applied"' "$WORK/smoke.out" || { show "$WORK/smoke.out"; fail "the smoke push was not applied"; }
    grep -q '"changes":\[{"deleted":false,"rev":1,' "$WORK/smoke.out" || { show "$WORK/smoke.out"; fail "the smoke read"; }
    grep -q "Deleted user smoke-test" "$WORK/smoke.out" || fail "the smoke user was not deleted"
}
run_smoke "$BASE"
ok "the guide's end-to-end block (user, token, push, changes, user delete) against $BASE"

step "11. Taskwarrior 3: the guide's taskchampion block, and its .taskrc lines with real TaskChampion replicas"
guide_block taskchampion >"$WORK/taskchampion.sh"
grep -q "todo-admin taskchampion add alice > alice-taskwarrior.client-id" "$WORK/taskchampion.sh" \
    || fail "section 11's first block changed; update this check"
(cd "$WORK" && set -e && . "$WORK/taskchampion.sh") >"$WORK/taskchampion.out" 2>"$WORK/taskchampion.err" \
    || { show "$WORK/taskchampion.err"; fail "section 11's commands"; }
CLIENT_ID=$(cat "$WORK/alice-taskwarrior.client-id")
[[ $CLIENT_ID =~ ^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$ ]] \
    || fail "taskchampion add printed more than a client id: $CLIENT_ID"
[ "$(stat -c %a "$WORK/alice-taskwarrior.client-id")" = 600 ] || fail "the client id file is not mode 600"
[ "$(wc -l <"$WORK/taskchampion.out")" = 1 ] && ! grep -q "$CLIENT_ID" "$WORK/taskchampion.out" \
    || { show "$WORK/taskchampion.out"; fail "taskchampion list: one line, without the client id"; }
guide_block taskrc >"$WORK/taskrc"
grep -qx "sync.server.url=https://todo.example.org" "$WORK/taskrc" || fail "section 11's .taskrc block changed; update this check"
sed -i -e "s|^sync.server.url=.*|sync.server.url=$BASE|" -e "s|PASTE-THE-CLIENT-ID|$CLIENT_ID|" \
    -e "s|PASTE-A-LONG-RANDOM-SECRET|$(openssl rand -hex 24)|" "$WORK/taskrc"
TC_PYTHON=${TODO_TASKCHAMPION_VENV:-/tmp/todo-taskchampion-venv}/bin/python
if [ -x "$TC_PYTHON" ] && "$TC_PYTHON" -c "import taskchampion" 2>/dev/null; then
    # Two replicas in processes of their own, configured from the .taskrc lines alone.
    cat >"$WORK/replica.py" <<'PY'
import sys, uuid, taskchampion
config = dict(line.split("=", 1) for line in open(sys.argv[1]).read().splitlines() if "=" in line)
replica = taskchampion.Replica.new_on_disk(sys.argv[2], True)
if len(sys.argv) > 3:
    ops = taskchampion.Operations()
    replica.create_task(str(uuid.uuid4()), ops).set_description(sys.argv[3], ops)
    replica.commit_operations(ops)
replica.sync_to_remote(config["sync.server.url"], config["sync.server.client_id"], config["sync.encryption_secret"], False)
print(sorted(task.get_description() for task in replica.all_tasks().values()))
PY
    timeout 120 "$TC_PYTHON" "$WORK/replica.py" "$WORK/taskrc" "$WORK/tc-laptop" "water the plants" >"$WORK/tc.out" 2>&1 \
        || { show "$WORK/tc.out"; fail "a TaskChampion replica with the guide's .taskrc lines did not sync"; }
    timeout 120 "$TC_PYTHON" "$WORK/replica.py" "$WORK/taskrc" "$WORK/tc-desktop" >"$WORK/tc.out" 2>&1 \
        || { show "$WORK/tc.out"; fail "a second TaskChampion replica did not sync"; }
    grep -qx "\['water the plants'\]" "$WORK/tc.out" || { show "$WORK/tc.out"; fail "the second replica did not get the task"; }
    ok "taskchampion add (client id alone, mode 600), list; a replica syncs with the guide's .taskrc lines, a second gets its task"
else
    skip "section 11's replicas: no taskchampion3-py-dev at $TC_PYTHON (bash .ci/test-taskchampion makes it)"
fi

step "3. accounts: revoke by id, disable, enable; the trusted proxy's X-Forwarded-For; the login limit"
AUTH=(-H "Authorization: Bearer $TOKEN")
push_json() { # $1: a name, $2: an opId suffix, $3: a uuid
    printf '{"operations":[{"opId":"6F1C2A3B-0000-4000-8000-%012d","kind":"put","uuid":"%s","baseRev":0,"todo":{"name":"%s","description":"","notes":"","completed":false,"createdAt":"2026-11-22T10:00:00.000Z","updatedAt":"2026-11-22T10:00:00.000Z"}}]}' "$2" "$3" "$1"
}
expect_status 200 -X POST "$BASE/v1/push" "${AUTH[@]}" -H 'Content-Type: application/json' \
    -H 'X-Forwarded-For: 203.0.113.7' -d "$(push_json "Buy milk" 1 0B7E4F7A-5C1D-4E8F-9A2B-3C4D5E6F7A8B)"
grep -q '"status":"applied"' "$WORK/body" || fail "push not applied"
wait_for_log "$WORK/main.log" "POST /v1/push 200 .* client=203.0.113.7 user=alice" 10 "$MAIN_PID"
ok "TODO_SERVER_TRUSTED_PROXIES=127.0.0.1 from env.example: the log names the client from X-Forwarded-For"
PHONE=$(todo-admin token add alice --device phone 2>"$WORK/phone.err")
PHONE_ID=$(grep -oE "Token [0-9A-F-]{36}" "$WORK/phone.err" | cut -d' ' -f2)
expect_status 200 "$BASE/v1/changes" -H "Authorization: Bearer $PHONE"
todo-admin token revoke "$PHONE_ID" | grep "Revoked token $PHONE_ID" >/dev/null || fail "token revoke by id"
expect_status 401 "$BASE/v1/changes" -H "Authorization: Bearer $PHONE"
todo-admin user disable alice >/dev/null
expect_status 403 "$BASE/v1/changes" "${AUTH[@]}"
todo-admin user enable alice >/dev/null
expect_status 200 "$BASE/v1/changes" "${AUTH[@]}"
ok "token revoke ID -> 401; user disable -> 403; user enable -> 200"
# The limits on failed logins (API.md): 10 failures of one wrong token refuse that token; 50
# from one client address refuse the tokens new to it there, never one that worked from there.
# Behind the proxy, the client is the forwarded address: another one behind it is not held up.
XFF_A=(-H 'X-Forwarded-For: 203.0.113.66')
XFF_B=(-H 'X-Forwarded-For: 203.0.113.67')
expect_status 200 "$BASE/v1/changes" "${AUTH[@]}" "${XFF_A[@]}" # the laptop, from client A
for _ in $(seq 10); do
    expect_status 401 "$BASE/v1/changes" -H "Authorization: Bearer todo_wrong" "${XFF_A[@]}"
done
expect_status 429 "$BASE/v1/changes" -H "Authorization: Bearer todo_wrong" "${XFF_A[@]}"
expect_status 200 "$BASE/v1/changes" "${AUTH[@]}" "${XFF_A[@]}"
for i in $(seq 40); do # 50 failures from client A in all
    expect_status 401 "$BASE/v1/changes" -H "Authorization: Bearer todo_wrong$i" "${XFF_A[@]}"
done
NEW_TOKEN=$(todo-admin token add alice --device tablet 2>/dev/null)
expect_status 429 "$BASE/v1/changes" -H "Authorization: Bearer $NEW_TOKEN" "${XFF_A[@]}"
expect_status 200 "$BASE/v1/changes" "${AUTH[@]}" "${XFF_A[@]}"
expect_status 200 "$BASE/v1/changes" -H "Authorization: Bearer $NEW_TOKEN" "${XFF_B[@]}"
ok "login limits per forwarded client: one wrong token 10 times -> 429 for it; 50 failures -> 429 for a token new to that client, 200 for the laptop's token there and for the new token from another client behind the same proxy"
expect_status 200 "$BASE/v1/changes?since=0" "${AUTH[@]}"
cp "$WORK/body" "$WORK/changes-main.json"

step "8. monitoring: /metrics"
if [ $HAS_METRICS = 1 ]; then
    expect_status 200 "$BASE/metrics"
    grep -q '^# TYPE ' "$WORK/body" || { show "$WORK/body"; fail "/metrics is not Prometheus text"; }
    ok "/metrics answers Prometheus text on loopback"
else
    fail "this binary has no /metrics route (todo-server routes)"
fi

# --- 4. the proxies ---------------------------------------------------------------------------
step "4. TLS: a self-signed certificate for todo.example.org, 127.0.0.1 and localhost"
TLS=$WORK/tls
mkdir -p "$TLS"
make_cert() { # $1: a name
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=todo.example.org" \
        -addext "subjectAltName=DNS:todo.example.org,DNS:localhost,IP:127.0.0.1" \
        -keyout "$TLS/$1.key" -out "$TLS/$1.pem" 2>/dev/null || fail "openssl req"
}
make_cert one
ok "certificate made"

# The proxy checks, through https://todo.example.org:$1 (resolved to 127.0.0.1).
# Requests for /metrics in the server's log, but for //v1/metrics (which the proxies pass on,
# as /v1/... to them, and the server refuses with 404).
metrics_requests() { { grep "etrics" "$WORK/main.log" || true; } | { grep -vc "//v1/metrics" || true; }; }

proxy_checks() {
    local name=$1 port=$2 url=https://todo.example.org:$2
    local tls=(--cacert "$TLS/one.pem" --resolve "todo.example.org:$port:127.0.0.1")
    local metrics_lines
    metrics_lines=$(metrics_requests)
    wait_ready "$url/ready" "${tls[@]}"
    expect_status 200 "${tls[@]}" -D "$WORK/headers" "$url/ready"
    grep -qi '^Strict-Transport-Security: max-age=31536000' "$WORK/headers" || { show "$WORK/headers"; fail "$name: no HSTS"; }
    CURL_OPTS=("${tls[@]}")
    run_smoke "$url"
    CURL_OPTS=()
    expect_status 200 "${tls[@]}" "$url/v1/changes?since=0" "${AUTH[@]}"
    cmp -s "$WORK/body" "$WORK/changes-main.json" || fail "$name: the changes differ from the server's own"
    local path
    for path in /metrics /metrics/ //metrics /%6detrics /v1/../metrics /METRICS /routes /; do
        expect_status 404 "${tls[@]}" --path-as-is "$url$path"
    done
    # Issue 24: a target the proxy cleans up to /v1/... and passes on as sent is no other
    # route here, and never the feed of a path the proxy did not mean.
    for path in //v1/metrics //v1/changes /v1//changes /v1/./changes /v1/x/../changes; do
        got=$(status_of "${tls[@]}" --path-as-is "$url$path" "${AUTH[@]}" 2>/dev/null) || true
        case $got in 4??) ;; *) show "$WORK/body"; fail "$name: $path got $got, not a 4xx" ;; esac
    done
    # Issue 26: the CalDAV face through the proxy: the well-known address, a PROPFIND of the
    # task list with Basic credentials, and the challenge without them.
    expect_status 301 "${tls[@]}" "$url/.well-known/caldav"
    expect_status 207 "${tls[@]}" -X PROPFIND "$url/dav/alice/tasks/" -u "alice:$TOKEN" -H 'Depth: 1'
    grep -q '<D:displayname>Tasks</D:displayname>' "$WORK/body" || { show "$WORK/body"; fail "$name: no task list over CalDAV"; }
    expect_status 401 "${tls[@]}" -X PROPFIND "$url/dav/alice/tasks/"
    head -c $((1024 * 1024)) /dev/zero >"$WORK/mib"
    expect_status 401 "${tls[@]}" -X POST "$url/v1/push" -H 'Content-Type: application/json' -H 'Expect: 100-continue' --data-binary @"$WORK/mib"
    raw_checks "$name" "$port"
    head -c $((8 * 1024 * 1024 + 1)) /dev/zero >"$WORK/big"
    expect_status 413 "${tls[@]}" -X POST "$url/v1/push" "${AUTH[@]}" -H 'Content-Type: application/json' --data-binary @"$WORK/big"
    # From 127.0.0.2 (a client address the proxy sees), with a forged X-Forwarded-For: the
    # server must log the proxy's view of the client, not the forgery.
    local before
    before=$(grep -c "GET /v1/changes 200" "$WORK/main.log" || true)
    expect_status 200 "${tls[@]}" --interface 127.0.0.2 "$url/v1/changes" "${AUTH[@]}" -H 'X-Forwarded-For: 198.51.100.9'
    local deadline=$((SECONDS + 10))
    until [ "$(grep -c "GET /v1/changes 200" "$WORK/main.log")" -gt "$before" ]; do
        [ $SECONDS -lt $deadline ] || fail "$name: the request was not logged"
        sleep 0.1
    done
    grep "GET /v1/changes 200" "$WORK/main.log" | tail -1 | grep "client=127.0.0.2 user=alice" >/dev/null \
        || fail "$name: the server did not log the client the proxy saw: $(grep "GET /v1/changes 200" "$WORK/main.log" | tail -1)"
    [ "$(metrics_requests)" = "$metrics_lines" ] || fail "$name: a /metrics request reached the server"
    ok "$name: TLS, HSTS, the guide's smoke block, 404 from the proxy for /metrics in 6 spellings and other paths, 4xx for //v1/… and dot segments, 401 before an upload's body, 413 above 8 MiB, X-Forwarded-For set to the client (a forged one dropped)"
}

# The first status code of the answers to the raw bytes of $3 sent over TLS to port $2.
raw_status() {
    { printf '%b' "$3" | timeout 20 openssl s_client -quiet -connect "127.0.0.1:$2" -servername todo.example.org \
        -CAfile "$TLS/one.pem" 2>/dev/null || true; } | tr -d '\r' | awk '/^HTTP\/1\.[01] /{print $2}' | tr '\n' ' ' | sed 's/ $//'
}

# Requests no curl sends, through proxy $1 on port $2: each refused with a 4xx, or, for an
# Upgrade the proxy passes on, answered and the connection carrying on.
raw_checks() {
    local name=$1 port=$2 host='Host: todo.example.org\r\n' got request extension
    for request in \
        "GET /health HTTP/1.1\r\n${host}${host}Connection: close\r\n\r\n" \
        "GET /health HTTP/1.1\r\n${host}Host: evil.example\r\nConnection: close\r\n\r\n" \
        "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n" \
        "POST /v1/push HTTP/1.0\r\n${host}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n"
    do
        got=$(raw_status "$name" "$port" "$request")
        case $got in 4??*) ;; *) fail "$name: expected a 4xx for $(printf '%s' "$request" | head -c 60)…, got '${got}'" ;; esac
    done
    # A 70 kB chunk extension: nginx reads past it, and the server refuses the request (401,
    # no token); Caddy gives up on the chunk line itself (502). Never a success.
    got=$(raw_status "$name" "$port" "POST /v1/push HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n1;$(head -c 70000 /dev/zero | tr '\0' a)\r\nx\r\n0\r\n\r\n")
    case $got in 4?? | 502) ;; *) fail "$name: a 70 kB chunk extension got '$got'" ;; esac
    extension=$got
    # CONNECT: nginx refuses it; Caddy answers 200 itself (before any route of the
    # Caddyfile). Neither may pass it on: the server would refuse it too (405).
    got=$(raw_status "$name" "$port" "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\nConnection: close\r\n\r\n")
    ! grep -q "CONNECT " "$WORK/main.log" || fail "$name: a CONNECT request reached the server"
    got=$(raw_status "$name" "$port" "GET /health HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\n\r\nGET /ready HTTP/1.1\r\n${host}Connection: close\r\n\r\n")
    # nginx closes the client's connection after an Upgrade it does not pass on; Caddy passes
    # it on, and the server's answer keeps the connection.
    case $got in "200" | "200 200") ;; *) fail "$name: an Upgrade request and the one after it got '$got'" ;; esac
    ok "$name: two Hosts, no Host and chunked HTTP/1.0 refused with a 4xx, a 70 kB chunk extension with $extension; CONNECT not passed on; an Upgrade request answered 200 (then $([ "$got" = "200 200" ] && echo "the next one too" || echo "the proxy closes"))"
}

step "4. nginx (Debian's package, unpacked, not installed)"
NGINX=$(command -v nginx || true)
if [ -z "$NGINX" ] && apt_unpack nginx; then NGINX=$WORK/debs/root/usr/sbin/nginx; fi
if [ -z "$NGINX" ] || ! "$NGINX" -v 2>/dev/null; then
    skip "nginx: not installed, and apt-get download nginx did not work here"
else
    NG=$WORK/nginx
    mkdir -p "$NG/logs" "$NG/temp"
    NGX_TLS=$(free_port)
    NGX_HTTP=$(free_port)
    # The example with this machine's ports, certificate and paths; nothing else changed.
    sed -e "s|^user www-data;|# user www-data;|" \
        -e "s|^pid /run/nginx.pid;|pid $NG/nginx.pid;|" \
        -e "s|/var/log/nginx/|$NG/logs/|" \
        -e "s|listen 443 ssl;|listen 127.0.0.1:$NGX_TLS ssl;|" \
        -e "s|listen 80;|listen 127.0.0.1:$NGX_HTTP;|" \
        -e "/listen \[::\]/d" \
        -e "s|/etc/letsencrypt/live/todo.example.org/fullchain.pem|$TLS/one.pem|" \
        -e "s|/etc/letsencrypt/live/todo.example.org/privkey.pem|$TLS/one.key|" \
        -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$SERVER_PORT;|" \
        -e "s|^http {|http {\n    client_body_temp_path $NG/temp/body;\n    proxy_temp_path $NG/temp/proxy;\n    fastcgi_temp_path $NG/temp/fastcgi;\n    uwsgi_temp_path $NG/temp/uwsgi;\n    scgi_temp_path $NG/temp/scgi;|" \
        "$HERE/nginx.conf" >"$NG/nginx.conf"
    [ "$(grep -c "$NGX_TLS\|$NGX_HTTP\|$SERVER_PORT\|$TLS/one" "$NG/nginx.conf")" = 5 ] \
        || fail "nginx.conf changed shape; update the substitutions in this check"
    "$NGINX" -t -p "$NG" -c "$NG/nginx.conf" -e "$NG/logs/error.log" >"$NG/t.out" 2>&1 || { show "$NG/t.out"; fail "nginx -t"; }
    ok "nginx -t -c nginx.conf"
    # Debian's layout: the guide's sed makes conf.d/todo-server.conf out of the http block.
    guide_says "sed -n '/^http {/,/^}/p' Server/deploy/nginx.conf | sed '1d;\$d' > /etc/nginx/conf.d/todo-server.conf"
    sed -n '/^http {/,/^}/p' "$NG/nginx.conf" | sed '1d;$d' >"$NG/todo-server.conf"
    printf 'pid %s/debian.pid;\nevents {}\nhttp {\n    include %s/todo-server.conf;\n}\n' "$NG" "$NG" >"$NG/debian.conf"
    "$NGINX" -t -p "$NG" -c "$NG/debian.conf" -e "$NG/logs/error.log" >"$NG/t.out" 2>&1 || { show "$NG/t.out"; fail "nginx -t with conf.d/todo-server.conf"; }
    ok "nginx -t with the http block as conf.d/todo-server.conf (the guide's sed)"
    "$NGINX" -p "$NG" -c "$NG/nginx.conf" -e "$NG/logs/error.log" -g 'daemon off;' >"$NG/run.out" 2>&1 &
    PIDS+=($!)
    NGINX_PID=$!
    WAIT_PID=$NGINX_PID WAIT_LOG=$NG/logs/error.log proxy_checks nginx "$NGX_TLS"
    expect_status 301 "http://127.0.0.1:$NGX_HTTP/v1/changes" -H "Host: todo.example.org"
    ok "nginx: port 80 redirects to https"
    stop_pid "$NGINX_PID"
fi

step "4. Caddy (Debian's package, unpacked, not installed)"
CADDY=$(command -v caddy || true)
if [ -z "$CADDY" ] && apt_unpack caddy; then CADDY=$WORK/debs/root/usr/bin/caddy; fi
if [ -z "$CADDY" ] || ! "$CADDY" version >/dev/null 2>&1; then
    skip "caddy: not installed, and apt-get download caddy did not work here"
else
    CD=$WORK/caddy
    mkdir -p "$CD/home"
    export_caddy=(env HOME="$CD/home" XDG_DATA_HOME="$CD/home/data" XDG_CONFIG_HOME="$CD/home/config")
    guide_says "caddy validate --adapter caddyfile --config /etc/caddy/Caddyfile"
    "${export_caddy[@]}" "$CADDY" validate --adapter caddyfile --config "$HERE/Caddyfile" >"$CD/validate.out" 2>&1 \
        || { show "$CD/validate.out"; fail "caddy validate"; }
    ! grep -q "not formatted" "$CD/validate.out" || fail "the Caddyfile is not as caddy fmt writes it"
    ok "caddy validate on the Caddyfile as it is (and it is formatted)"
    CADDY_TLS=$(free_port)
    CADDY_HTTP=$(free_port)
    # The example with this machine's ports and certificate: global options for the ports and
    # no admin endpoint, the site on 127.0.0.1, the certificate instead of ACME.
    sed -e "s|^{\$|{\n\tadmin off\n\thttp_port $CADDY_HTTP\n\thttps_port $CADDY_TLS\n\tauto_https disable_redirects\n\tskip_install_trust|" \
        -e "s|^todo.example.org {|todo.example.org {\n\tbind 127.0.0.1\n\ttls $TLS/one.pem $TLS/one.key|" \
        -e "s|reverse_proxy 127.0.0.1:8080 {|reverse_proxy 127.0.0.1:$SERVER_PORT {|" \
        "$HERE/Caddyfile" >"$CD/Caddyfile"
    [ "$(grep -c "$CADDY_TLS\|$CADDY_HTTP\|$SERVER_PORT\|$TLS/one" "$CD/Caddyfile")" = 4 ] \
        || fail "the Caddyfile changed shape; update the substitutions in this check"
    "${export_caddy[@]}" "$CADDY" run --adapter caddyfile --config "$CD/Caddyfile" >"$CD/run.out" 2>&1 &
    PIDS+=($!)
    CADDY_PID=$!
    WAIT_PID=$CADDY_PID WAIT_LOG=$CD/run.out proxy_checks caddy "$CADDY_TLS"
    stop_pid "$CADDY_PID"
fi

# --- 6. backup ----------------------------------------------------------------------------------
# Runs a line of a unit (ExecStart=/ExecStartPost=) as systemd would parse it: quotes, %%; as
# its User= (this run's user) when root.
run_unit_line() { # $1: the unit, $2: the key, $3: which of its lines (default 1)
    local line argv as=()
    line=$(sed -n "s/^$2=//p" "$1" | sed -n "${3:-1}p" | sed 's/%%/%/g')
    eval "argv=($line)"
    if [ $AS_ROOT = 1 ] && grep -qx "User=todo-server" "$1"; then as=("${AS_SVC[@]}"); fi
    (
        cd "$(sed -n 's/^WorkingDirectory=//p' "$1")"
        umask "$(sed -n 's/^UMask=//p' "$1")"
        # shellcheck disable=SC2046
        exec "${as[@]}" env -i PATH=/usr/bin:/bin $(sed -n 's/^Environment=//p' "$1") sh -c \
            'set -a; . "$1"; set +a; shift; exec "$@"' sh "$(sed -n 's/^EnvironmentFile=-//p' "$1")" "${argv[@]}"
    )
}

step "6. backup while the server runs"
BACKUP=""
if [ $HAS_BACKUP = 1 ]; then
    guide_says "install -d -m 0700 -o todo-server -g todo-server /var/backups/todo-server"
    guide_says 'todo-admin backup /var/backups/todo-server/todo-$(date +%Y%m%d-%H%M%S).sqlite'
    eval "$(echo "install -d -m 0700 -o todo-server -g todo-server /var/backups/todo-server" | rootify | userify)"
    BACKUP=$R/var/backups/todo-server/todo-$(date +%Y%m%d-%H%M%S).sqlite
    todo-admin backup "$BACKUP" >"$WORK/backup.out" 2>&1 || { show "$WORK/backup.out"; fail "todo-admin backup"; }
    [ "$(stat -c %a "$BACKUP")" = 600 ] || fail "the backup is mode $(stat -c %a "$BACKUP"), not 600"
    sum=$(md5sum <"$BACKUP")
    if todo-admin backup "$BACKUP" >"$WORK/backup2.out" 2>&1; then fail "backup overwrote $BACKUP"; fi
    [ "$(md5sum <"$BACKUP")" = "$sum" ] || fail "a refused backup changed $BACKUP"
    ok "todo-admin backup: mode 600; refuses an existing file ($(head -1 "$WORK/backup2.out"))"
    # The timer's service as systemd runs it. Its copy is named to the second: wait for the next.
    now=$(date +%s)
    deadline=$((SECONDS + 5))
    while [ "$(date +%s)" = "$now" ] && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
    run_unit_line "$UNITS/todo-server-backup.service" ExecStart >"$WORK/timer.out" 2>&1 \
        || { show "$WORK/timer.out"; fail "the backup service's ExecStart"; }
    [ "$(find "$R/var/backups/todo-server" -name 'todo-*.sqlite' | wc -l)" = 2 ] || fail "the backup service wrote no copy"
    touch -d '20 days ago' "$BACKUP"
    run_unit_line "$UNITS/todo-server-backup.service" ExecStartPost >"$WORK/timer.out" 2>&1 \
        || { show "$WORK/timer.out"; fail "the backup service's ExecStartPost"; }
    [ ! -e "$BACKUP" ] || fail "ExecStartPost kept a copy 20 days old"
    run_unit_line "$UNITS/todo-server-backup.service" ExecStartPost 2 >"$WORK/timer.out" 2>&1 \
        || { show "$WORK/timer.out"; fail "the backup service's second ExecStartPost (prune)"; }
    grep -q "^Pruned 0 tombstones, 0 operation results and 0 Taskwarrior versions older than 90 days.$" "$WORK/timer.out" \
        || { show "$WORK/timer.out"; fail "the backup service's prune said"; }
    BACKUP=$(find "$R/var/backups/todo-server" -name 'todo-*.sqlite' | head -1)
    ok "the backup service's ExecStart (with its %% escapes) writes a copy; ExecStartPost removes old ones, then prunes"
else
    fail "this binary has no backup command"
fi

# --- 6. restore into a second database, a second server from it ---------------------------------
if [ -n "$BACKUP" ]; then
    step "6. restore: the guide's block, into a second stand-in / that has a database of its own"
    if ! command -v sqlite3 >/dev/null; then apt_install sqlite3 || fail "sqlite3 (the restore block uses it)"; fi
    R2=$WORK/root2
    mkdir -p "$R2/usr/local/bin" "$R2/etc" "$R2/var/lib" "$R2/var/backups"
    chmod -R 755 "$R2"
    guide_install "$R2" # the same block, less useradd: the user is there
    install -d -m 0700 "${OWN[@]}" "$R2/var/backups/todo-server"
    cp "$BACKUP" "$R2/var/backups/todo-server/"
    SERVICE_ROOT=$R2
    service_run "$R2/usr/local/bin/todo-server" migrate >/dev/null 2>&1 || fail "migrate in the second root"
    guide_block sqlite-restore | rootify "$R2" | userify >"$WORK/restore.sh"
    grep -q "^systemctl start todo-server$" "$WORK/restore.sh" || fail "the restore block changed; update this check"
    sed -i -e "s|todo-20261122-031500.sqlite|$(basename "$BACKUP")|" \
        -e "s|http://127.0.0.1:8080|\$RESTORED_URL|" "$WORK/restore.sh"
    (
        set -e
        systemctl() {
            case "$*" in
                "stop todo-server") ;; # nothing runs on the second root yet
                "start todo-server")
                    start_server restored
                    RESTORED_URL=http://127.0.0.1:$SERVER_PORT
                    echo "$SERVER_PID $SERVER_PORT" >"$WORK/restored.pid"
                    wait_ready "$RESTORED_URL/ready" ;;
                *) echo "not in this check: systemctl $*" >&2; return 1 ;;
            esac
        }
        . "$WORK/restore.sh"
    ) >"$WORK/restore.out" 2>"$WORK/restore.err" || { show "$WORK/restore.err"; fail "the guide's restore block"; }
    read -r RESTORED_PID RESTORED_PORT <"$WORK/restored.pid"
    PIDS+=("$RESTORED_PID")
    [ -f "$R2/var/lib/todo-server/todo-server.sqlite.before-restore" ] || fail "the old database was not kept aside"
    [ "$(stat -c %a "$R2/var/lib/todo-server/todo-server.sqlite")" = 600 ] || fail "the restored database is not mode 600"
    [ $AS_ROOT = 0 ] || [ "$(stat -c %U "$R2/var/lib/todo-server/todo-server.sqlite")" = "$SVC_USER" ] \
        || fail "the restored database belongs to $(stat -c %U "$R2/var/lib/todo-server/todo-server.sqlite"), not $SVC_USER"
    expect_status 200 "http://127.0.0.1:$RESTORED_PORT/v1/changes?since=0" "${AUTH[@]}"
    strip_id() { sed 's/"datasetId":"[0-9A-F-]*"//' "$1"; }
    [ "$(strip_id "$WORK/body")" = "$(strip_id "$WORK/changes-main.json")" ] \
        || { show "$WORK/body"; fail "the restored server's changes differ"; }
    old_id=$(grep -o '"datasetId":"[0-9A-F-]*"' "$WORK/changes-main.json")
    new_id=$(grep -o '"datasetId":"[0-9A-F-]*"' "$WORK/body")
    [ "$old_id" != "$new_id" ] || fail "the restored server kept the dataset id; devices would not notice"
    ok "restored into a second database; its server (port $RESTORED_PORT) has the same changes, a new dataset id"
    stop_pid "$RESTORED_PID" clean
    SERVICE_ROOT=$R
fi

# --- 4. the server's own TLS, reloaded with SIGHUP -----------------------------------------------
step "4. the server's own TLS, and SIGHUP"
if [ $HAS_TLS = 1 ]; then
    kill -HUP "$MAIN_PID"
    sleep 1 # a signal has no answer to wait for; the server must still be there after it
    kill -0 "$MAIN_PID" 2>/dev/null || fail "SIGHUP (systemctl reload) ended the server without TLS"
    expect_status 200 "$BASE/ready"
    ok "SIGHUP on a server without TLS: still serving"
    # As the guide's deploy hook installs them: group the service's user, mode 0640.
    install -m 0640 "${OWN[@]:2}" "$TLS/one.pem" "$TLS/cert.pem"
    install -m 0640 "${OWN[@]:2}" "$TLS/one.key" "$TLS/key.pem"
    start_server tls TODO_SERVER_TLS_CERT="$TLS/cert.pem" TODO_SERVER_TLS_KEY="$TLS/key.pem"
    TLS_PID=$SERVER_PID
    TLS_URL=https://127.0.0.1:$SERVER_PORT
    wait_ready "$TLS_URL/ready" --cacert "$TLS/one.pem"
    ok "serve with TODO_SERVER_TLS_CERT/KEY answers https with the certificate"
    if command -v python3 >/dev/null; then
        make_cert two
        cat >"$WORK/reload.py" <<'PY'
# reload.py PORT PID DIR: an open connection survives a reload; new ones get the new
# certificate; unreadable files leave the old one in place.
import os, shutil, signal, socket, ssl, sys, time
port, pid, d = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def connect(ca):
    ctx = ssl.create_default_context(cafile=os.path.join(d, ca))
    return ctx.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10), server_hostname="localhost")
def get(conn):
    conn.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
    data = b""
    while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
        chunk = conn.recv(65536)
        if not chunk:
            raise SystemExit("connection closed")
        data += chunk
    if not data.startswith(b"HTTP/1.1 200"):
        raise SystemExit("not 200: %r" % data[:100])
def wait_for(ca, what):
    deadline = time.time() + 30
    while True:
        try:
            get(connect(ca)); return
        except (ssl.SSLError, OSError):
            if time.time() > deadline:
                raise SystemExit("new connections never got " + what)
            time.sleep(0.2)
old = connect("one.pem"); get(old)
shutil.copyfile(os.path.join(d, "two.pem"), os.path.join(d, "cert.pem"))
shutil.copyfile(os.path.join(d, "two.key"), os.path.join(d, "key.pem"))
os.kill(pid, signal.SIGHUP)
wait_for("two.pem", "the new certificate")
get(old)  # the connection opened before the reload still works
with open(os.path.join(d, "cert.pem"), "w") as f:
    f.write("not a certificate\n")
os.kill(pid, signal.SIGHUP)
time.sleep(1)
os.kill(pid, 0)
get(connect("two.pem"))  # unreadable files: the last good certificate stays
print("reload ok")
PY
        python3 "$WORK/reload.py" "$SERVER_PORT" "$TLS_PID" "$TLS" >"$WORK/reload.out" 2>&1 \
            || { show "$WORK/reload.out" "$WORK/tls.log"; fail "TLS reload"; }
        ok "kill -HUP: new connections get the new certificate, an open one goes on, a bad file keeps the old"
    else
        skip "TLS reload: no python3 here"
    fi
    stop_pid "$TLS_PID" clean
else
    fail "this binary's serve has no --tls-cert"
fi

# --- 9 and 10. the devices: todo, its cron lines, todoman with vdirsyncer ------------------------
# The todo CLI of the same tree (todo-sync beside it), or TODO_BINARY.
# (.build/debug is a link to .build/<triple>/debug: the path as given, not as resolved.)
SERVER_PACKAGE=$(cd "$(dirname "$BIN_ARG")/../.." && pwd) # Server/ of Server/.build/debug/todo-server
TODO_BIN=${TODO_BINARY:-$(dirname "$SERVER_PACKAGE")/.build/debug/todo}
DEV=$WORK/alice        # the person's home on a laptop
PHONE=$WORK/todoman    # the person's home where todoman runs
# The person's shell: todo in ~/.local/bin, a state file and a config directory of their own.
PERSON_ENV=(HOME="$DEV" PATH="$DEV/.local/bin:/usr/bin:/bin" TODO_FILE="$DEV/Documents/todos.json"
    XDG_CONFIG_HOME="$DEV/.config-todo" LANG=C.UTF-8 TZ=UTC)
person() { env -i "${PERSON_ENV[@]}" "$@"; }
# What cron gives a crontab line's command: /bin/sh, HOME, LOGNAME, SHELL and PATH=/usr/bin:/bin.
cron_run() { env -i HOME="$DEV" LOGNAME="$(id -un)" SHELL=/bin/sh PATH=/usr/bin:/bin /bin/sh -c "$1"; }
cron_command() { sed -E 's/^([^ ]+ ){5}//'; } # a crontab line less its five time fields
# The todo with this name in the person's state file, as JSON (python3 reads it).
todo_named() {
    person todo list --filter all --json | python3 -c '
import json, sys
found = [t for t in json.load(sys.stdin) if t["name"] == sys.argv[1]]
print(json.dumps(found[0]) if found else "")' "$1"
}
# A server that answers every request 503, as a proxy whose server is down does. Sets
# UNAVAILABLE_PORT.
start_unavailable() {
    UNAVAILABLE_PORT=$(free_port)
    python3 - "$UNAVAILABLE_PORT" >"$WORK/unavailable.log" 2>&1 <<'PY' &
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def answer(self):
        body = b"<html><body>503 Service Unavailable</body></html>"
        self.send_response(503)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    do_GET = do_POST = do_PUT = answer
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
PY
    UNAVAILABLE_PID=$!
    PIDS+=("$UNAVAILABLE_PID")
    WAIT_PID=$UNAVAILABLE_PID WAIT_LOG=$WORK/unavailable.log wait_ready_status 503 "http://127.0.0.1:$UNAVAILABLE_PORT/"
}
# Polls URL until it answers with status $1 (at most 30 s).
wait_ready_status() {
    local want=$1 url=$2 deadline=$((SECONDS + 30))
    until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url" 2>/dev/null)" = "$want" ]; do
        if [ -n "${WAIT_PID:-}" ] && ! kill -0 "$WAIT_PID" 2>/dev/null; then show "$WAIT_LOG"; fail "$url: the process that serves it exited"; fi
        [ $SECONDS -lt $deadline ] || fail "$url did not answer $want within 30 s"
        sleep 0.2
    done
}

step "9. the devices: the guide's todo config and sync"
if [ ! -x "$TODO_BIN" ] || ! command -v python3 >/dev/null; then
    skip "sections 9 and 10: no todo binary at $TODO_BIN (build the root package, or set TODO_BINARY) or no python3"
else
    mkdir -p "$DEV/.local/bin" "$DEV/Documents"
    ln -s "$TODO_BIN" "$DEV/.local/bin/todo"
    [ ! -x "$(dirname "$TODO_BIN")/todo-sync" ] || ln -s "$(dirname "$TODO_BIN")/todo-sync" "$DEV/.local/bin/todo-sync"
    guide_block device >"$WORK/device.sh"
    grep -qx "todo config server https://todo.example.org" "$WORK/device.sh" || fail "section 9's block changed; update this check"
    sed -i -e "s|https://todo.example.org|$BASE|" -e "s|< alice-laptop.token|< $WORK/alice-laptop.token|" "$WORK/device.sh"
    person bash -e "$WORK/device.sh" >"$WORK/device.out" 2>&1 || { show "$WORK/device.out"; fail "section 9's block"; }
    grep -q "^Synced with" "$WORK/device.out" || { show "$WORK/device.out"; fail "section 9's todo sync said"; }
    [ "$(stat -c %a "$DEV/.config-todo/todo/config.json")" = 600 ] || fail "todo's config file is not mode 600"
    [ -n "$(todo_named "Buy milk")" ] || fail "the laptop did not get alice's todo"
    ok "section 9's block: todo config server and token (mode 600), todo sync pulls alice's todos"

    step "9. cron: the guide's crontab lines, run as cron runs them"
    guide_block cron >"$WORK/cron.sh"
    CRON_LINE=$(person bash "$WORK/cron.sh")
    want="* * * * * TODO_FILE=$DEV/Documents/todos.json XDG_CONFIG_HOME=$DEV/.config-todo $DEV/.local/bin/todo sync --quiet"
    [ "$CRON_LINE" = "$want" ] || fail "the guide's echo printed: $CRON_LINE (expected: $want)"
    # Why the line names them: under cron, a bare todo is not found, and todo without the
    # person's variables is not configured (another state file, no server).
    if ! command -v todo >/dev/null; then
        status=0; cron_run "todo sync --quiet" >/dev/null 2>&1 || status=$?
        [ $status = 127 ] || fail "a bare todo under cron's PATH exited $status, not 127 (not found)"
    fi
    status=0; cron_run "$DEV/.local/bin/todo sync --quiet" >"$WORK/cron-bare.out" 2>&1 || status=$?
    [ $status = 1 ] || { show "$WORK/cron-bare.out"; fail "todo sync without the person's variables exited $status, not 1"; }
    rm -rf "$DEV/.local/share/todo"
    person todo add "Water the plants" >/dev/null
    out=$(cron_run "$(printf '%s\n' "$CRON_LINE" | cron_command)" 2>&1) || fail "the guide's cron line failed: $out"
    [ -z "$out" ] || fail "the guide's cron line printed: $out"
    expect_status 200 "$BASE/v1/changes?since=0" "${AUTH[@]}"
    grep -q '"name":"Water the plants"' "$WORK/body" || fail "the cron line did not sync the person's state file"
    [ ! -e "$DEV/.local/share/todo/todos.json" ] || fail "the cron line used the default state file"
    ok "the guide's cron line (printed by its echo) syncs the person's TODO_FILE under cron's environment; without the variables: exit 1, a bare todo: not found"

    guide_block cron-quiet >"$WORK/cron-quiet.txt"
    [ "$(wc -l <"$WORK/cron-quiet.txt")" = 1 ] || fail "no one-line cron-quiet block in DEPLOY.md"
    QUIET_CMD=$(sed -e "s|/home/alice/.local/share/todo/todos.json|$DEV/Documents/todos.json|g" \
        -e "s|/home/alice/.local/bin/todo|$DEV/.local/bin/todo|g" -e "s|/home/alice/.config|$DEV/.config-todo|g" \
        "$WORK/cron-quiet.txt" | cron_command)
    [[ $QUIET_CMD != */home/alice* ]] || fail "the cron-quiet line names other paths: $QUIET_CMD"
    # $1: what the direct sync must exit with; $2: quiet (the line prints nothing and succeeds) or loud.
    quiet_case() {
        local status=0 out
        person todo sync --quiet >"$WORK/sync.out" 2>&1 || status=$?
        [ $status = "$1" ] || { show "$WORK/sync.out"; fail "todo sync exited $status, not $1 ($3)"; }
        status=0
        out=$(cron_run "$QUIET_CMD" 2>&1) || status=$?
        case $2 in
            quiet) if [ $status != 0 ] || [ -n "$out" ]; then fail "the cron-quiet line, $3: exit $status, printed: $out"; fi ;;
            # (cron mails what a line prints, whatever its exit status)
            loud) [ -n "$out" ] || { show "$WORK/sync.out"; fail "the cron-quiet line, $3: silent (the sync itself said the above)"; } ;;
        esac
    }
    quiet_case 0 quiet "server up"
    person todo config server "http://127.0.0.1:$(free_port)"
    quiet_case 3 quiet "server unreachable"
    start_unavailable
    person todo config server "http://127.0.0.1:$UNAVAILABLE_PORT"
    quiet_case 3 quiet "the server (or its proxy) answers 503"
    stop_pid "$UNAVAILABLE_PID"
    person todo config server "$BASE"
    CRON_TOKEN=$(todo-admin token add alice --device cron 2>"$WORK/cron-token.err")
    CRON_TOKEN_ID=$(grep -oE "Token [0-9A-F-]{36}" "$WORK/cron-token.err" | cut -d' ' -f2)
    todo-admin token revoke "$CRON_TOKEN_ID" >/dev/null
    printf '%s\n' "$CRON_TOKEN" | person todo config token -
    quiet_case 4 loud "a revoked token"
    person todo config token - <"$WORK/alice-laptop.token"
    quiet_case 0 quiet "server up again"
    ok "the cron-quiet line: silent on success, unreachable (exit 3) and 503 (exit 3); mails a revoked token (exit 4)"
fi

step "10. todoman and vdirsyncer: the guide's configs and commands, with todo on one account"
if [ ! -x "$TODO_BIN" ] || ! command -v python3 >/dev/null; then
    skip "section 10: no todo binary at $TODO_BIN or no python3"
elif ! { command -v vdirsyncer && command -v todoman; } >/dev/null && ! apt_install vdirsyncer todoman; then
    skip "section 10: vdirsyncer and todoman are not installed, and apt-get install did not work here"
else
    # The person where todoman runs: only HOME is theirs; everything else is the guide's text.
    phone() { env -i HOME="$PHONE" PATH=/usr/bin:/bin LANG=C.UTF-8 TZ=UTC "$@"; }
    mkdir -p "$PHONE"
    guide_says "todo-admin token add alice --device todoman > alice-todoman.token"
    (cd "$WORK" && todo-admin token add alice --device todoman >alice-todoman.token 2>/dev/null) || fail "the todoman token"
    guide_block todoman-install >"$WORK/todoman-install.sh"
    grep -q "^apt-get install vdirsyncer todoman " "$WORK/todoman-install.sh" || fail "section 10's install block changed; update this check"
    sed -i "s| alice-todoman.token | $WORK/alice-todoman.token |" "$WORK/todoman-install.sh"
    # apt-get: this check installed both above, as root, as the line says.
    (cd "$PHONE" && phone bash -e -c 'apt-get() { [ "$*" = "install vdirsyncer todoman" ]; }; . "$1"' sh "$WORK/todoman-install.sh") \
        >"$WORK/todoman-install.out" 2>&1 || { show "$WORK/todoman-install.out"; fail "section 10's install block"; }
    [ "$(stat -c %a "$PHONE/.config/vdirsyncer/todo.token")" = 600 ] || fail "the token file for vdirsyncer is not mode 600"
    guide_block vdirsyncer-config >"$WORK/vdirsyncer.config"
    for key in 'status_path = ' 'collections = ' 'conflict_resolution = ' 'url = "https://todo.example.org/dav/"'; do
        grep -q "^$key" "$WORK/vdirsyncer.config" || fail "the guide's vdirsyncer config has no $key"
    done
    sed "s|^url = \"https://todo.example.org/dav/\"|url = \"$BASE/dav/\"|" "$WORK/vdirsyncer.config" >"$PHONE/.config/vdirsyncer/config"
    guide_block todoman-config >"$PHONE/.config/todoman/config.py"
    grep -q '^path = ' "$PHONE/.config/todoman/config.py" || fail "the guide's todoman config has no path"
    guide_block phone >"$WORK/phone.sh"
    grep -q "^vdirsyncer discover todo" "$WORK/phone.sh" || fail "section 10's commands changed; update this check"
    # discover asks whether to make the local folder of the list: the person answers y.
    (cd "$PHONE" && phone bash -e "$WORK/phone.sh" <<<$'y\ny\ny\ny') >"$WORK/phone.out" 2>&1 \
        || { show "$WORK/phone.out"; fail "section 10's commands (vdirsyncer discover, sync, todoman list)"; }
    grep -q "Water the plants" "$WORK/phone.out" || { show "$WORK/phone.out"; fail "todoman list does not show alice's todos"; }
    ok "section 10: the guide's install lines, vdirsyncer config (status_path, conflict_resolution) and todoman config; discover, sync and todoman list show alice's todos"

    vdirsyncer_sync() {
        (cd "$PHONE" && phone vdirsyncer sync) >"$WORK/vdirsyncer.out" 2>&1 || { show "$WORK/vdirsyncer.out"; fail "vdirsyncer sync: $1"; }
        ! grep -q "Resolve this conflict manually" "$WORK/vdirsyncer.out" || { show "$WORK/vdirsyncer.out"; fail "vdirsyncer sync stopped on a conflict: $1"; }
    }
    todoman_json() { (cd "$PHONE" && phone todoman --porcelain list --status ANY); }
    # The todoman id of the todo named $1.
    todoman_id() {
        todoman_json | python3 -c '
import json, sys
found = [t["id"] for t in json.load(sys.stdin) if t["summary"] == sys.argv[1]]
print(found[0] if found else "")' "$1"
    }
    person todo add "Call the plumber" >/dev/null
    person todo sync --quiet
    vdirsyncer_sync "a todo from the laptop"
    [ -n "$(todoman_id "Call the plumber")" ] || fail "todo's new todo did not reach todoman"
    (cd "$PHONE" && phone todoman new "Book the dentist") >/dev/null || fail "todoman new"
    vdirsyncer_sync "a todo from todoman"
    person todo sync --quiet
    [ -n "$(todo_named "Book the dentist")" ] || fail "todoman's new todo did not reach todo"
    ok "todo add -> todo sync -> vdirsyncer sync -> todoman list; todoman new -> vdirsyncer sync -> todo sync -> todo"

    # One todo edited on both sides between two syncs: the laptop sets a due date and syncs
    # first; todoman sets the priority. With the guide's conflict_resolution ("b wins")
    # vdirsyncer goes on, the server's version stays (the laptop's due date, everywhere), and
    # todoman's edit of that todo is dropped, as the guide says.
    laptop_id=$(todo_named "Call the plumber" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
    person todo edit "$laptop_id" due:2026-12-24 >/dev/null
    person todo sync --quiet
    (cd "$PHONE" && phone todoman edit "$(todoman_id "Call the plumber")" --priority high) >/dev/null || fail "todoman edit"
    vdirsyncer_sync "one todo edited on both sides"
    grep -q "Doing conflict resolution for item" "$WORK/vdirsyncer.out" \
        || { show "$WORK/vdirsyncer.out"; fail "vdirsyncer saw no conflict: this check tests nothing"; }
    person todo sync --quiet
    merged=$(todo_named "Call the plumber")
    python3 -c 'import json, sys; t = json.loads(sys.argv[1]); sys.exit(not (str(t.get("due") or "").startswith("2026-12-2") and not t.get("priority")))' "$merged" \
        || fail "after a concurrent edit, the laptop has: $merged"
    vdirsyncer_sync "after the concurrent edit"
    todoman_json | python3 -c '
import json, sys
t = [t for t in json.load(sys.stdin) if t["summary"] == "Call the plumber"][0]
sys.exit(not (t["due"] and not t["priority"]))' || fail "after a concurrent edit, todoman has: $(todoman_json)"
    ok "a todo edited on the laptop and in todoman between syncs: vdirsyncer goes on (conflict_resolution \"b wins\"); the server's version, with the laptop's change, is everywhere"

    # "What each app loses": todoman 4.1 completes a todo without its CATEGORIES; the server
    # keeps the tags.
    person todo add "Pay rent" +bills >/dev/null
    person todo sync --quiet
    vdirsyncer_sync "a tagged todo"
    (cd "$PHONE" && phone todoman "done" "$(todoman_id "Pay rent")") >/dev/null || fail "todoman done"
    rent_file=$(grep -l "^SUMMARY:Pay rent" "$PHONE"/.local/share/tasks/tasks/*.ics) || fail "no Pay rent in todoman's folder"
    grep -q "^STATUS:COMPLETED" "$rent_file" || fail "todoman done did not complete $rent_file"
    ! grep -q "^CATEGORIES" "$rent_file" || fail "todoman done kept CATEGORIES: the guide's note on todoman is out of date"
    vdirsyncer_sync "a todo completed in todoman"
    person todo sync --quiet
    rent=$(todo_named "Pay rent")
    python3 -c 'import json, sys; t = json.loads(sys.argv[1]); sys.exit(not (t["completed"] and t["tags"] == ["bills"]))' "$rent" \
        || fail "after todoman done, the laptop has: $rent"
    ok "todoman done drops CATEGORIES; the todo is completed on the laptop and keeps its tag"
fi

step "4. a certificate of your own CA: the guide's openssl block, served by the server itself"
guide_says "install -d -m 0750 -g todo-server /etc/todo-server/tls"
eval "$(echo "install -d -m 0750 -g todo-server /etc/todo-server/tls" | rootify | userify)"
guide_block own-ca >"$WORK/own-ca.sh"
grep -q "^systemctl reload todo-server$" "$WORK/own-ca.sh" || fail "the own-CA block changed; update this check"
# Its paths in the stand-in /, its user this run's, the server's name localhost (which
# resolves to this machine), and the CA's directory in the temporary one.
rootify <"$WORK/own-ca.sh" | userify | sed -e "s|/root/todo-ca|$WORK/todo-ca|g" -e "s|todo.example.org|localhost|g" >"$WORK/own-ca-run.sh"
(
    set -e
    systemctl() {
        [ "$*" = "reload todo-server" ] || { echo "not in this check: systemctl $*" >&2; return 1; }
        start_server own-ca TODO_SERVER_TLS_CERT="$R/etc/todo-server/tls/fullchain.pem" TODO_SERVER_TLS_KEY="$R/etc/todo-server/tls/privkey.pem"
        echo "$SERVER_PID $SERVER_PORT" >"$WORK/own-ca.pid"
    }
    . "$WORK/own-ca-run.sh"
) >"$WORK/own-ca.out" 2>&1 || { show "$WORK/own-ca.out"; fail "the guide's own-CA block"; }
read -r OWNCA_PID OWNCA_PORT <"$WORK/own-ca.pid"
PIDS+=("$OWNCA_PID")
OWNCA_URL=https://localhost:$OWNCA_PORT
[ "$(stat -c %a "$R/etc/todo-server/tls/privkey.pem")" = 640 ] || fail "the key is not mode 640"
WAIT_PID=$OWNCA_PID WAIT_LOG=$WORK/own-ca.log wait_ready "$OWNCA_URL/ready" --cacert "$WORK/todo-ca/ca.pem"
if curl -fsS -o /dev/null --max-time 10 "$OWNCA_URL/ready" 2>/dev/null; then fail "$OWNCA_URL is trusted without the CA"; fi
ok "the own-CA block: a CA, a certificate for the server's name signed by it; the server serves it, trusted with ca.pem only"
# On a device: todo refuses the server's certificate until it is told the CA (ca-file).
if [ -x "$TODO_BIN" ] && [ -d "$DEV/.config-todo" ]; then
    guide_says "todo config ca-file ~/.config/todo/ca.pem"
    person todo config server "$OWNCA_URL"
    status=0
    person todo sync --quiet >"$WORK/ca-file.out" 2>&1 || status=$?
    [ $status = 3 ] || { show "$WORK/ca-file.out"; fail "todo sync to a server of an unknown CA exited $status, not 3"; }
    grep -q "ca-file" "$WORK/ca-file.out" || { show "$WORK/ca-file.out"; fail "todo sync's refusal of an unknown CA does not name ca-file"; }
    install -m 0644 "$WORK/todo-ca/ca.pem" "$DEV/.config-todo/todo/ca.pem" # the person's ~/.config here
    person todo config ca-file "$DEV/.config-todo/todo/ca.pem"
    person todo sync >"$WORK/ca-file.out" 2>&1 || { show "$WORK/ca-file.out"; fail "todo sync with the guide's ca-file"; }
    grep -q "^Synced with" "$WORK/ca-file.out" || { show "$WORK/ca-file.out"; fail "todo sync with ca-file said"; }
    person todo config --unset ca-file
    person todo config server "$BASE"
    ok "todo sync to the server's own TLS: exit 3 naming ca-file without the CA, synced with todo config ca-file"
fi
stop_pid "$OWNCA_PID" clean

step "7. stop: SIGTERM (systemctl stop)"
stop_pid "$MAIN_PID" clean
[ ! -e "$DB-wal" ] || fail "a clean stop left $DB-wal"
ok "the server exits 0 on SIGTERM and leaves no -wal"

# --- 5. PostgreSQL ---------------------------------------------------------------------------------
step "5. PostgreSQL: the guide's commands against a throwaway cluster"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
    skip "postgresql: no initdb here (apt-get install postgresql)"
elif [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    skip "postgresql: no postgres user to run it as"
else
    PG=$WORK/pg
    as_pg() { if [ "$(id -u)" = 0 ]; then command runuser -u postgres -- "$@"; else "$@"; fi; }
    mkdir -p "$PG"
    [ "$(id -u)" = 0 ] && chown postgres: "$PG"
    chmod 700 "$PG"
    PGPORT=$(free_port)
    # The cluster's superuser is postgres (initdb -U), also when the stand-in runuser runs psql as the caller.
    export PGHOST=$PG PGPORT PGUSER=postgres
    as_pg "$PGBIN/initdb" -D "$PG/data" -U postgres --auth=trust --no-sync >/dev/null
    as_pg "$PGBIN/pg_ctl" -D "$PG/data" -w -l "$PG/server.log" \
        -o "-p $PGPORT -k $PG -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
        || { show "$PG/server.log"; fail "PostgreSQL did not start"; }
    PG_CTL_STOP="as_pg $PGBIN/pg_ctl -D $PG/data -m fast -w stop"
    export PATH=$PGBIN:$PATH
    runuser() { if [ "$(id -u)" = 0 ]; then command runuser "$@"; else runuser_standin "$@"; fi; }
    # The guide's role and database.
    guide_says "runuser -u postgres -- psql -c \"CREATE ROLE todo LOGIN PASSWORD 'CHANGE-ME'\""
    guide_says "runuser -u postgres -- createdb --owner todo todo"
    runuser -u postgres -- psql -q -c "CREATE ROLE todo LOGIN PASSWORD 'CHANGE-ME'"
    runuser -u postgres -- createdb --owner todo todo
    guide_says "DATABASE_URL=postgres://todo:CHANGE-ME@127.0.0.1:5432/todo?tlsmode=disable"
    echo "DATABASE_URL=postgres://todo:CHANGE-ME@127.0.0.1:$PGPORT/todo?tlsmode=disable" >>"$R/etc/todo-server/env"
    # An empty directory: nothing may touch the SQLite file with DATABASE_URL set.
    mv "$R/var/lib/todo-server" "$R/var/lib/todo-server.sqlite-setup"
    install -d -m 0700 "${OWN[@]}" "$R/var/lib/todo-server"
    service_run "$BIN" migrate >"$WORK/pg-migrate.out" 2>&1 || { show "$WORK/pg-migrate.out"; fail "migrate on PostgreSQL"; }
    grep -q "Migrated the database" "$WORK/pg-migrate.out" || fail "migrate on PostgreSQL said nothing"
    todo-admin user add alice >/dev/null
    PG_TOKEN=$(todo-admin token add alice --device laptop 2>/dev/null)
    start_server pg
    PG_PID=$SERVER_PID
    PG_URL=http://127.0.0.1:$SERVER_PORT
    wait_ready "$PG_URL/ready"
    expect_status 200 -X POST "$PG_URL/v1/push" -H "Authorization: Bearer $PG_TOKEN" -H 'Content-Type: application/json' \
        -d "$(push_json "Buy milk" 1 0B7E4F7A-5C1D-4E8F-9A2B-3C4D5E6F7A8B)"
    expect_status 200 "$PG_URL/v1/changes?since=0" -H "Authorization: Bearer $PG_TOKEN"
    cp "$WORK/body" "$WORK/pg-changes.json"
    [ -z "$(ls -A "$R/var/lib/todo-server")" ] || fail "with DATABASE_URL, files appeared in the state directory: $(ls "$R/var/lib/todo-server")"
    ok "migrate, user, token, serve, push and read on PostgreSQL"
    if [ $HAS_BACKUP = 1 ]; then
        if todo-admin backup "$WORK/pg-backup.sqlite" >"$WORK/pg-backup.out" 2>&1; then fail "backup ran with DATABASE_URL"; fi
        grep -q "pg_dump" "$WORK/pg-backup.out" || { show "$WORK/pg-backup.out"; fail "backup with DATABASE_URL does not point to pg_dump"; }
        [ ! -e "$WORK/pg-backup.sqlite" ] || fail "backup with DATABASE_URL wrote a file"
        ok "todo-admin backup with DATABASE_URL refuses and names pg_dump"
    fi
    # The guide's pg_dump and restore commands.
    guide_block pg-dump >"$WORK/pg-dump.sh"
    guide_block pg-restore >"$WORK/pg-restore.sh"
    grep -q "pg_dump --format=custom" "$WORK/pg-dump.sh" || fail "the pg_dump block changed; update this check"
    sed -i -e "s|/var/backups/todo-server-pg|$WORK/pgbackups|g" "$WORK/pg-dump.sh" "$WORK/pg-restore.sh"
    (set -e; cd /; . "$WORK/pg-dump.sh") >"$WORK/pg-dump.out" 2>&1 || { show "$WORK/pg-dump.out"; fail "the guide's pg_dump block"; }
    DUMP=$(ls "$WORK"/pgbackups/todo-*.dump | head -1)
    [ -s "$DUMP" ] || fail "pg_dump wrote nothing"
    sed -i "s|$WORK/pgbackups/todo-20261122-031500.dump|$DUMP|" "$WORK/pg-restore.sh"
    (
        set -e
        systemctl() {
            case "$*" in
                "stop todo-server") stop_pid "$PG_PID" clean ;;
                "start todo-server")
                    start_server pg-restored
                    echo "$SERVER_PID $SERVER_PORT" >"$WORK/pg-restored.pid" ;;
                *) echo "not in this check: systemctl $*" >&2; return 1 ;;
            esac
        }
        cd /
        . "$WORK/pg-restore.sh"
    ) >"$WORK/pg-restore.out" 2>&1 || { show "$WORK/pg-restore.out"; fail "the guide's PostgreSQL restore block"; }
    read -r PG_PID PG_PORT <"$WORK/pg-restored.pid"
    PIDS+=("$PG_PID")
    wait_ready "http://127.0.0.1:$PG_PORT/ready"
    expect_status 200 "http://127.0.0.1:$PG_PORT/v1/changes?since=0" -H "Authorization: Bearer $PG_TOKEN"
    strip_id() { sed 's/"datasetId":"[0-9A-F-]*"//' "$1"; }
    [ "$(strip_id "$WORK/body")" = "$(strip_id "$WORK/pg-changes.json")" ] || fail "the restored PostgreSQL data differ"
    [ "$(grep -o '"datasetId":"[0-9A-F-]*"' "$WORK/body")" != "$(grep -o '"datasetId":"[0-9A-F-]*"' "$WORK/pg-changes.json")" ] \
        || fail "the restored PostgreSQL database kept its dataset id"
    ok "the guide's pg_dump and restore (dropdb, createdb, pg_restore, new dataset id): same changes back"
    stop_pid "$PG_PID" clean
fi

echo
if [ ${#SKIPPED[@]} -gt 0 ]; then
    echo "skipped:"
    printf '  %s\n' "${SKIPPED[@]}"
fi
echo "check-guide: $PASSED passed, 0 failed, ${#SKIPPED[@]} skipped"
