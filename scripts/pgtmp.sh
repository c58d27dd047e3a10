#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks (run as root; needs no systemd).
#   scripts/pgtmp.sh start DIR PORT   -> prints the DATABASE_URL of database "referee"
#   scripts/pgtmp.sh stop DIR
#   scripts/pgtmp.sh halt DIR; scripts/pgtmp.sh resume DIR PORT   (an outage: data kept)
# fsync is off (nothing here outlives a crash); PGTMP_FSYNC=on syncs commits as production does.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?data folder}
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ]; then
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
    pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
as_postgres() { runuser -u postgres -- "$@"; }
run() {
    as_postgres "$pgbin/pg_ctl" -D "$dir" -w -l "$dir/log" \
        -o "-p $1 -c listen_addresses=127.0.0.1 -c fsync=${PGTMP_FSYNC:-off} -c unix_socket_directories=$dir" \
        start >/dev/null
}
case "$action" in
start)
    port=${3:?port}
    mkdir -p "$dir"
    chown postgres "$dir"
    as_postgres "$pgbin/initdb" -D "$dir" -A trust -U postgres >/dev/null
    run "$port"
    as_postgres "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U postgres referee
    echo "postgres://postgres@127.0.0.1:$port/referee"
    ;;
stop)
    as_postgres "$pgbin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
halt)
    as_postgres "$pgbin/pg_ctl" -D "$dir" -m fast stop >/dev/null
    ;;
resume)
    run "${3:?port}"
    ;;
*)
    echo "usage: $0 start DIR PORT | stop DIR | halt DIR | resume DIR PORT" >&2
    exit 2
    ;;
esac
