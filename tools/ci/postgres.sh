#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test run: `start` installs the distribution's package if
# the machine has none, creates a cluster in a temporary directory (trust authentication, only
# on 127.0.0.1) and prints the export line for the tests; `stop DIR` stops it and deletes it.
# `halt DIR` stops the server (its connections are terminated) and `resume DIR` starts it
# again on its port: a test's database outage.
set -euo pipefail

# The first free port from 55432 on (another server, e.g. a developer's, may hold one).
free_port() {
    local port
    for port in $(seq 55432 55532); do
        if ! (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    echo "no free port in 55432-55532" >&2
    exit 1
}

bin_dir() {
    local initdb
    initdb="$(command -v initdb 2>/dev/null || true)"
    if [[ -z "$initdb" ]]; then
        initdb="$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)"
    fi
    [[ -n "$initdb" ]] && dirname "$initdb"
}

as_owner() {
    # initdb and postgres refuse to run as root: run them as the package's postgres user.
    if [[ "$(id -u)" == 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

install() {
    if [[ -n "$(bin_dir)" ]]; then
        return
    fi
    echo "installing PostgreSQL from the distribution's packages" >&2
    local sudo=""
    [[ "$(id -u)" == 0 ]] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq postgresql >&2
}

start() {
    install
    local bin dir port
    bin="$(bin_dir)"
    port="${SCHOCKEN_PG_PORT:-$(free_port)}"
    dir="$(mktemp -d /tmp/schocken-pg.XXXXXX)"
    if [[ "$(id -u)" == 0 ]]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >&2
    echo "$port" >"$dir/port"
    serve "$dir"
    echo "export SCHOCKEN_TEST_POSTGRES=postgres://postgres@127.0.0.1:$port SCHOCKEN_PG_DIR=$dir"
}

serve() {
    local dir="$1" bin port
    bin="$(bin_dir)"
    port="$(cat "$dir/port")"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >&2
}

halt() {
    local dir="$1" bin
    bin="$(bin_dir)"
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
}

stop() {
    local dir="$1" bin
    bin="$(bin_dir)"
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
}

case "${1:-}" in
    start) start ;;
    stop) stop "${2:?the directory start printed}" ;;
    halt) halt "${2:?the directory start printed}" ;;
    resume) serve "${2:?the directory start printed}" ;;
    *) echo "usage: $0 start | stop DIR | halt DIR | resume DIR" >&2; exit 2 ;;
esac
