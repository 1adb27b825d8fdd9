# Sourced by the scripts that start the real todo-server: it runs as the unprivileged user it
# is deployed as. When the caller is root (CI), `unprivileged CMD...` runs CMD through setpriv as
# $TODO_TEST_USER (default nobody), `give_to_server DIR...` gives folders to that user, and
# `reachable_binary PATH` prints PATH, or a copy anyone can reach when a folder above PATH is
# closed to others. For any other caller, who is unprivileged already, they change nothing.
TODO_TEST_USER=${TODO_TEST_USER:-nobody}

unprivileged() {
    if [ "$(id -u)" = 0 ]; then
        setpriv --reuid="$(id -u "$TODO_TEST_USER")" --regid="$(id -g "$TODO_TEST_USER")" --clear-groups -- "$@"
    else
        "$@"
    fi
}

# The same in place of the shell (exec), so that $! of `( ... unprivileged_exec CMD ) &` is CMD.
unprivileged_exec() {
    if [ "$(id -u)" = 0 ]; then
        exec setpriv --reuid="$(id -u "$TODO_TEST_USER")" --regid="$(id -g "$TODO_TEST_USER")" --clear-groups -- "$@"
    fi
    exec "$@"
}

give_to_server() {
    if [ "$(id -u)" = 0 ]; then chown -R "$TODO_TEST_USER:" "$@"; fi
}

reachable_binary() {
    local path dir copy
    path=$(readlink -f "$1")
    if [ "$(id -u)" != 0 ] || setpriv --reuid="$(id -u "$TODO_TEST_USER")" --regid="$(id -g "$TODO_TEST_USER")" \
        --clear-groups -- test -x "$path"; then
        printf '%s\n' "$path"
        return
    fi
    dir=/tmp/todo-tests-bin-$$
    copy=$dir/$(basename "$path")
    install -d -m 755 "$dir"
    [ -x "$copy" ] || cp "$path" "$copy"
    chmod 755 "$copy"
    printf '%s\n' "$copy"
}
