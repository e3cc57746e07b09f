# Shared by the benchmark scripts: `source Benchmarks/lib.sh` from the repository root.
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

# The release patio: PATIO_BIN when set (a binary built elsewhere, for example an earlier commit's, to
# measure before and after on the same machine), otherwise built here. The file must be called `patio`:
# the server starts its photo workers from the `patio` it finds beside itself.
patio_bin() {
  if [ -n "${PATIO_BIN:-}" ]; then
    echo "$PATIO_BIN"
  else
    swift build -c release --product patio >/dev/null
    echo "$(swift build -c release --show-bin-path)/patio"
  fi
}

# The bearer token of a demo account signed in on the Patio at port $1: $2 = email (the platform admin by default).
sign_in() { # $1 = port, $2 = email (the platform admin by default)
  curl -sf "http://127.0.0.1:$1/api/v1/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"${2:-admin@demo.patio}\",\"password\":\"demo-password\"}" | python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])'
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# Waits until the server on port $1 answers /healthz.
wait_healthy() {
  for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return 0; sleep 0.1; done
  echo "the server on port $1 did not start" >&2
  return 1
}

# Starts a PostgreSQL cluster in $1/pg on a free port, with a database `patio`; sets PG_PORT and PG_URL.
# The folder must be writable by the postgres user. stop_postgres $1 stops it.
start_postgres() {
  PG_PORT="$(free_port)"
  runuser -u postgres -- "$PG_BIN/initdb" -D "$1/pg" -A trust -U postgres >/dev/null
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$1/pg" -o "-p $PG_PORT -k $1 -c listen_addresses=127.0.0.1 -c max_connections=200" \
    -l "$1/pg.log" start >/dev/null
  for _ in $(seq 1 50); do runuser -u postgres -- "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" >/dev/null && break; sleep 0.2; done
  runuser -u postgres -- "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" patio
  PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/patio"
}

stop_postgres() {
  [ -d "$1/pg" ] && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$1/pg" -m fast stop >/dev/null 2>&1 || true
}

# One-row durable commits per second on the PostgreSQL started by start_postgres (pgbench, one client, 5 s).
raw_postgres_commits() {
  runuser -u postgres -- "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -d patio \
    -c "CREATE TABLE IF NOT EXISTS raw_inserts (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)"
  echo "INSERT INTO raw_inserts (body) VALUES ('row');" > "$1/insert.sql"
  runuser -u postgres -- "$PG_BIN/pgbench" -n -h 127.0.0.1 -p "$PG_PORT" -c 1 -T 5 -f "$1/insert.sql" patio 2>/dev/null \
    | sed -n 's/^tps = \([0-9.]*\).*/\1/p'
}

# Holds process $1 to $3 of one core (for example 0.4) in a CPU cgroup named $2, as if it ran on a machine of its
# own that size. Fails (returns 1) where no CPU cgroup can be made: cgroup v1's cpu controller or cgroup v2's
# cpu.max, both need root. release_cpu $2 removes the group once its processes have ended.
cap_cpu() {
  local quota; quota="$(python3 -c "print(int($3 * 100000))")"
  if [ -w /sys/fs/cgroup/cpu ]; then
    mkdir -p "/sys/fs/cgroup/cpu/$2" 2>/dev/null || return 1
    echo 100000 >"/sys/fs/cgroup/cpu/$2/cpu.cfs_period_us" && echo "$quota" >"/sys/fs/cgroup/cpu/$2/cpu.cfs_quota_us" \
      && echo "$1" >"/sys/fs/cgroup/cpu/$2/cgroup.procs" 2>/dev/null || return 1
  elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    echo +cpu >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
    mkdir -p "/sys/fs/cgroup/$2" 2>/dev/null || return 1
    echo "$quota 100000" >"/sys/fs/cgroup/$2/cpu.max" && echo "$1" >"/sys/fs/cgroup/$2/cgroup.procs" 2>/dev/null || return 1
  else
    return 1
  fi
}

release_cpu() {
  rmdir "/sys/fs/cgroup/cpu/$1" 2>/dev/null || rmdir "/sys/fs/cgroup/$1" 2>/dev/null || true
}
