# shellcheck shell=bash
#
# Local stack provisioning library: a private PostgreSQL 15 + PostGIS cluster
# and a private NATS (JetStream) server, both bound to 127.0.0.1 on
# non-standard ports, with all state under one directory.
#
# Source it; it only defines functions (no side effects, no shell options
# changed). Safe under `set -euo pipefail`; every function also reports
# failure through its return code, so callers need not rely on `set -e`.
#
# stdout carries only what a function is documented to print; progress and
# errors go to stderr.
#
#   stack_ensure_packages
#   stack_ensure_browser                        -> prints the chromium path
#   stack_ensure_node_modules <repo-root>
#   stack_free_port <preferred>                 -> prints a port
#   stack_pg_up <state-dir> <port>
#   stack_pg_down <state-dir>
#   stack_pg_port <state-dir>                   -> prints the running port
#   stack_nats_up <state-dir> <port>
#   stack_nats_down <state-dir>
#   stack_nats_port <state-dir>                 -> prints the running port
#   stack_env <state-dir>                       -> prints two export lines
#
# Environment knobs (all optional):
#   STACK_PG_FAST=1     fsync/synchronous_commit/full_page_writes off (tests)
#   STACK_PG_BIN        PostgreSQL 15 bin dir (default /usr/lib/postgresql/15/bin)
#   STACK_PSQL          psql to use for SQL (default /usr/bin/psql)
#   STACK_PG_DB         database name (default landparcel)
#   STACK_QUIET=1       suppress progress messages

# ---------------------------------------------------------------- helpers --

_stack_log() {
	[[ "${STACK_QUIET:-}" == 1 ]] || printf 'stack: %s\n' "$*" >&2
}

_stack_err() {
	printf 'stack: error: %s\n' "$*" >&2
}

_stack_pgbin() { printf '%s' "${STACK_PG_BIN:-/usr/lib/postgresql/15/bin}"; }
_stack_psql() { printf '%s' "${STACK_PSQL:-/usr/bin/psql}"; }
_stack_db() { printf '%s' "${STACK_PG_DB:-landparcel}"; }

# Milliseconds since the epoch (bash 5 EPOCHREALTIME, fallback date).
_stack_now_ms() {
	if [[ -n "${EPOCHREALTIME:-}" ]]; then
		local t=${EPOCHREALTIME/,/.}
		printf '%s' "$((${t%.*} * 1000 + 10#${t#*.} / 1000))"
	else
		printf '%s' "$(($(date +%s%N) / 1000000))"
	fi
}

_stack_elapsed() { # <start-ms> -> "1.23s"
	local d=$(($(_stack_now_ms) - $1))
	printf '%d.%02ds' "$((d / 1000))" "$(((d % 1000) / 10))"
}

_stack_is_port() {
	[[ "${1:-}" =~ ^[0-9]+$ ]] && (("$1" >= 1 && "$1" <= 65535))
}

# Absolute path of a directory, creating it (and parents) if needed.
_stack_abs_dir() {
	local d=${1:-}
	[[ -n "$d" ]] || {
		_stack_err "state dir argument is required"
		return 1
	}
	mkdir -p -- "$d" || {
		_stack_err "cannot create $d"
		return 1
	}
	(cd -P -- "$d" && pwd)
}

# Absolute path of a state dir without creating it (for down/env).
_stack_abs_existing() {
	local d=${1:-}
	[[ -n "$d" ]] || {
		_stack_err "state dir argument is required"
		return 1
	}
	[[ -d "$d" ]] || return 1
	(cd -P -- "$d" && pwd)
}

# Does anything accept TCP connections on 127.0.0.1:<port>?
_stack_port_answers() {
	# shellcheck disable=SC2016 # $1 expands in the inner bash
	timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1"' _ "$1" 2>/dev/null
}

# Is <port> taken on a local address, so 127.0.0.1:<port> could not be bound? A listener, and
# also a connection whose local end is that port: our preferred ports lie in the kernel's
# ephemeral range, so on a busy machine an outgoing connection can hold one, and nats-server's
# bind then fails. Sockets in TIME-WAIT do not block a bind (both servers reuse addresses).
_stack_port_busy() {
	local port=$1 out
	if command -v ss >/dev/null 2>&1; then
		out=$(ss -Htan "sport = :$port" 2>/dev/null | grep -v '^TIME-WAIT') || out=""
		[[ -n "$out" ]] && return 0
	fi
	_stack_port_answers "$port"
}

# The OS user that owns/runs the PostgreSQL cluster of <data-dir>.
_stack_pg_user() {
	local data=$1 owner
	if [[ -d "$data" ]]; then
		owner=$(stat -c %U -- "$data") || return 1
		printf '%s' "$owner"
	elif ((EUID == 0)); then
		printf 'postgres'
	else
		id -un
	fi
}

# Close every fd above 2 in the current (sub)shell, so daemons started from
# it do not inherit the caller's lock files or pipes.
_stack_close_fds() {
	local f fd
	for f in /proc/"$BASHPID"/fd/*; do
		fd=${f##*/}
		if [[ "$fd" =~ ^[0-9]+$ ]] && ((fd > 2)); then
			exec {fd}>&- 2>/dev/null || true
		fi
	done
}

# Run a command as <user> (from /, so an unreadable cwd does not matter;
# fds above 2 closed).
_stack_run_as() {
	local user=$1
	shift
	if [[ "$user" == "$(id -un)" ]]; then
		(cd / && _stack_close_fds && "$@")
	elif ((EUID == 0)); then
		if command -v runuser >/dev/null 2>&1; then
			(cd / && _stack_close_fds && runuser -u "$user" -- "$@")
		else
			local cmd
			cmd=$(printf '%q ' "$@")
			(cd / && _stack_close_fds && su "$user" -s /bin/bash -c "$cmd")
		fi
	else
		_stack_err "cannot run as $user (not root); the cluster belongs to $user"
		return 1
	fi
}

# Make every ancestor of <dir> traversable by <user> (root only; adds o+x).
_stack_make_traversable() {
	local user=$1 dir=$2 p
	[[ "$user" == "$(id -un)" ]] && return 0
	p=$dir
	local -a chain=()
	while [[ -n "$p" && "$p" != / ]]; do
		chain=("$p" "${chain[@]}")
		p=${p%/*}
	done
	for p in "${chain[@]}"; do
		if ! _stack_run_as "$user" test -x "$p" 2>/dev/null; then
			_stack_log "making $p traversable (o+x) for $user"
			chmod o+x -- "$p" || {
				_stack_err "cannot make $p traversable for $user"
				return 1
			}
		fi
	done
}

# Process <pid> is alive and its executable name is <comm>.
_stack_pid_is() {
	local pid=$1 comm=$2 c
	[[ "$pid" =~ ^[0-9]+$ ]] || return 1
	kill -0 "$pid" 2>/dev/null || [[ -d "/proc/$pid" ]] || return 1
	c=$(cat "/proc/$pid/comm" 2>/dev/null) || return 1
	[[ "$c" == "$comm" ]] || return 1
	# A zombie (exited, not yet reaped by a lazy init) counts as dead.
	local stat
	stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
	stat=${stat##*) }
	[[ "${stat:0:1}" != Z ]]
}

_stack_tail() { # <file> [lines]
	[[ -f "$1" ]] || return 0
	printf -- '--- last lines of %s ---\n' "$1" >&2
	tail -n "${2:-30}" -- "$1" >&2 || true
	printf -- '---\n' >&2
}

# ---------------------------------------------------------------- packages --

# stack_ensure_packages
# Checks PostgreSQL 15 server binaries, PostGIS 3, nats-server and ogr2ogr.
# Installs the missing Debian packages when root; otherwise fails naming them.
stack_ensure_packages() {
	local bin ext
	bin=$(_stack_pgbin)
	ext=/usr/share/postgresql/15/extension/postgis.control
	local -a missing=() pkgs=()
	_stack_pkg_check() {
		missing=() pkgs=()
		local f need_pg=0
		for f in "$bin/pg_ctl" "$bin/initdb" "$bin/postgres"; do
			[[ -x "$f" ]] || {
				missing+=("$f")
				need_pg=1
			}
		done
		[[ -f "$ext" ]] || {
			missing+=("$ext")
			need_pg=1
		}
		((need_pg)) && pkgs+=(postgresql-15-postgis-3)
		if ! command -v nats-server >/dev/null 2>&1 && [[ ! -x /usr/sbin/nats-server ]]; then
			missing+=(nats-server)
			pkgs+=(nats-server)
		fi
		if ! command -v ogr2ogr >/dev/null 2>&1; then
			missing+=(ogr2ogr)
			pkgs+=(gdal-bin)
		fi
	}
	_stack_pkg_check
	if ((${#pkgs[@]} == 0)); then
		unset -f _stack_pkg_check
		return 0
	fi
	if ((EUID != 0)); then
		_stack_err "missing: ${missing[*]}"
		_stack_err "install with: sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${pkgs[*]}"
		unset -f _stack_pkg_check
		return 1
	fi
	# Only the missing packages are named, so apt does not upgrade (and
	# restart) already-installed system services such as nats-server.
	if ! _stack_apt_install "${pkgs[@]}"; then
		unset -f _stack_pkg_check
		return 1
	fi
	_stack_pkg_check
	unset -f _stack_pkg_check
	if ((${#missing[@]} != 0)); then
		_stack_err "still missing after install: ${missing[*]}"
		return 1
	fi
}

# _stack_apt_install <package>...
# apt-get update, then install only the named packages (so apt does not upgrade and restart
# already-installed system services such as nats-server); the log is shown when it fails.
_stack_apt_install() {
	local log rc=0 t0
	log=$(mktemp "${TMPDIR:-/tmp}/stack-apt.XXXXXX") || return 1
	t0=$(_stack_now_ms)
	_stack_log "installing $* (apt-get, log $log) ..."
	{
		apt-get -o DPkg::Lock::Timeout=300 update -qq &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 \
				install -y -qq --no-install-recommends "$@"
	} </dev/null >"$log" 2>&1 || rc=$?
	if ((rc != 0)); then
		_stack_err "apt-get failed (exit $rc)"
		_stack_tail "$log" 40
		return 1
	fi
	rm -f -- "$log"
	_stack_log "installed $* in $(_stack_elapsed "$t0")"
}

# stack_ensure_browser
# The browser of the map application's tests: Debian's chromium (driven by
# playwright-core, which ships no browser). Installs it when root and missing;
# prints its path. CHROMIUM_PATH overrides the lookup.
stack_ensure_browser() {
	local path=${CHROMIUM_PATH:-}
	if [[ -z "$path" ]]; then
		path=$(command -v chromium 2>/dev/null || true)
	fi
	if [[ -n "$path" && -x "$path" ]]; then
		printf '%s\n' "$path"
		return 0
	fi
	if ((EUID != 0)); then
		_stack_err "missing: chromium (install with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-dejavu-core)"
		return 1
	fi
	_stack_apt_install chromium fonts-dejavu-core || return 1
	command -v chromium || {
		_stack_err "chromium is still missing after apt-get install"
		return 1
	}
}

# ----------------------------------------------------------------- kubectl --

# stack_ensure_kubectl
# kubectl with kustomize v4 or later, for the tests of deploy/k8s (kubectl kustomize). The machine
# image ships one; otherwise Debian's kubernetes-client is installed when root, and refused below
# when its kustomize is too old for our kustomizations.
stack_ensure_kubectl() {
	if ! command -v kubectl >/dev/null 2>&1; then
		((EUID == 0)) || {
			_stack_err "kubectl is missing: install kubectl 1.21 or later (kustomize v4+)"
			return 1
		}
		_stack_log "installing kubernetes-client (apt-get) ..."
		{
			apt-get -o DPkg::Lock::Timeout=300 update -qq &&
				DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends kubernetes-client
		} </dev/null >&2 || return 1
	fi
	local version
	version=$(kubectl version --client 2>/dev/null | sed -n 's/^Kustomize Version: v\([0-9]*\).*/\1/p')
	if [[ -z "$version" || "$version" -lt 4 ]]; then
		_stack_err "kubectl $(command -v kubectl) has no kustomize v4+ (needed by deploy/k8s); install kubectl 1.21 or later"
		return 1
	fi
}

# ------------------------------------------------------------ node modules --

# stack_ensure_node_modules <repo-root>
# `npm install --no-audit --no-fund` when node_modules is missing or older
# than package.json / package-lock.json. npm output goes to stderr.
stack_ensure_node_modules() {
	local root=${1:-}
	[[ -n "$root" && -f "$root/package.json" ]] || {
		_stack_err "stack_ensure_node_modules: no package.json in '${root}'"
		return 1
	}
	local stamp=$root/node_modules/.package-lock.json need=0
	if [[ ! -f "$stamp" ]]; then
		need=1
	elif [[ "$root/package.json" -nt "$stamp" ]]; then
		need=1
	elif [[ -f "$root/package-lock.json" && "$root/package-lock.json" -nt "$stamp" ]]; then
		need=1
	fi
	((need)) || return 0
	local t0
	t0=$(_stack_now_ms)
	_stack_log "npm install in $root ..."
	(cd -- "$root" && npm install --no-audit --no-fund) </dev/null >&2 || {
		_stack_err "npm install failed in $root"
		return 1
	}
	# npm leaves the hidden lockfile untouched when nothing changed; touch
	# it so the staleness check does not re-run npm every time.
	[[ -f "$stamp" ]] && touch -- "$stamp"
	_stack_log "npm install done in $(_stack_elapsed "$t0")"
}

# ------------------------------------------------------------------- ports --

# stack_free_port <preferred>
# Prints <preferred> if nothing listens on it, else the next free port above.
stack_free_port() {
	local p=${1:-}
	_stack_is_port "$p" || {
		_stack_err "stack_free_port: bad port '${p}'"
		return 1
	}
	while ((p <= 65535)); do
		if ! _stack_port_busy "$p"; then
			printf '%s\n' "$p"
			return 0
		fi
		p=$((p + 1))
	done
	_stack_err "no free port at or above $1"
	return 1
}

# --------------------------------------------------------------- postgres --

# stack_pg_port <state-dir>
# Prints the port of the running private cluster; fails if it is not running.
stack_pg_port() {
	local state
	state=$(_stack_abs_existing "${1:-}") || return 1
	local data=$state/pg pid port
	[[ -f "$data/postmaster.pid" ]] || return 1
	_stack_pg_running "$data" || return 1
	port=$(sed -n 4p "$data/postmaster.pid" 2>/dev/null) || return 1
	_stack_is_port "$port" || return 1
	printf '%s\n' "$port"
}

# Cluster in <data-dir> running? The pid file must name a live `postgres`
# process (guards against a stale postmaster.pid whose pid was reused).
_stack_pg_running() {
	local data=$1 pid dir
	[[ -f "$data/postmaster.pid" ]] || return 1
	{ IFS= read -r pid && IFS= read -r dir; } <"$data/postmaster.pid" 2>/dev/null || return 1
	[[ "$dir" == "$data" ]] || return 1
	_stack_pid_is "$pid" postgres
}

# Before starting: a postmaster.pid left by a crashed/killed server. Wait
# (max 15 s) until its process is gone -- including an unreaped zombie, which
# postgres still counts as alive -- and its orphaned backends have exited;
# drop the file if its pid now belongs to an unrelated process.
_stack_pg_wait_stale() {
	local data=$1 pid i c st
	[[ -f "$data/postmaster.pid" ]] || return 0
	pid=$(head -n 1 -- "$data/postmaster.pid" 2>/dev/null) || return 0
	[[ "$pid" =~ ^[0-9]+$ ]] || return 0
	for ((i = 0; i < 150; i++)); do
		c=$(cat "/proc/$pid/comm" 2>/dev/null) || c=""
		st=$(cat "/proc/$pid/stat" 2>/dev/null) || st=""
		st=${st##*) }
		if [[ -z "$c" ]]; then
			break # gone
		elif [[ "$c" != postgres && "${st:0:1}" != Z ]]; then
			_stack_log "removing stale $data/postmaster.pid (pid $pid is now $c)"
			rm -f -- "$data/postmaster.pid"
			return 0
		fi
		((i == 0)) && _stack_log "waiting for the previous postmaster (pid $pid) to go away"
		sleep 0.1
	done
	# Orphaned backends of the old postmaster (cwd = data dir) exit once they
	# notice its death; give them a moment.
	local p busy
	for ((i = 0; i < 50; i++)); do
		busy=0
		for p in /proc/[0-9]*; do
			[[ "$(readlink "$p/cwd" 2>/dev/null)" == "$data" ]] || continue
			st=$(cat "$p/stat" 2>/dev/null) || continue
			st=${st##*) }
			[[ "${st:0:1}" == Z ]] && continue
			busy=1
			break
		done
		((busy)) || return 0
		sleep 0.1
	done
	return 0
}

# Writes <data>/stack.conf (included from postgresql.conf). Returns 0 and sets
# _STACK_CONF_CHANGED=1 when the content changed.
_stack_pg_write_conf() {
	local data=$1 port=$2 sock=$3 user=$4 conf new
	conf=$data/stack.conf
	new="# Managed by tools/stack/lib.sh -- regenerated on every 'stack up'.
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$sock'
max_connections = 200
shared_buffers = 1GB
work_mem = 64MB
maintenance_work_mem = 512MB
effective_cache_size = 12GB
random_page_cost = 1.1
effective_io_concurrency = 200
jit = off
logging_collector = off
log_line_prefix = '%m [%p] %q%u@%d '
log_min_duration_statement = 1000
"
	if [[ "${STACK_PG_FAST:-}" == 1 ]]; then
		new+="# STACK_PG_FAST=1: durability off, for tests only
fsync = off
synchronous_commit = off
full_page_writes = off
"
	fi
	_STACK_CONF_CHANGED=0
	if [[ -f "$conf" ]] && [[ "$(cat -- "$conf")" == "${new%$'\n'}" ]]; then
		return 0
	fi
	{
		printf '%s' "$new" >"$conf.tmp" &&
			{ ((EUID != 0)) || chown "$user:" -- "$conf.tmp"; } &&
			chmod 0600 -- "$conf.tmp" && mv -f -- "$conf.tmp" "$conf"
	} || {
		_stack_err "cannot write $conf"
		return 1
	}
	_STACK_CONF_CHANGED=1
}

# stack_pg_up <state-dir> <port>
# Creates (initdb) and/or starts the private cluster in <state-dir>/pg on
# 127.0.0.1:<port>, then ensures database landparcel with PostGIS. Reuses a
# running cluster (restarting it only if it listens on another port).
stack_pg_up() {
	local state port
	state=$(_stack_abs_dir "${1:-}") || return 1
	port=${2:-}
	_stack_is_port "$port" || {
		_stack_err "stack_pg_up: bad port '${port}'"
		return 1
	}
	local bin data sock log user db psql t0
	bin=$(_stack_pgbin)
	psql=$(_stack_psql)
	db=$(_stack_db)
	data=$state/pg
	sock=$state/pg-run
	log=$state/pg.log
	[[ -x "$bin/pg_ctl" && -x "$bin/initdb" ]] || {
		_stack_err "PostgreSQL 15 binaries not found in $bin (run stack_ensure_packages)"
		return 1
	}

	user=$(_stack_pg_user "$data") || return 1
	if [[ "$user" == root ]]; then
		_stack_err "$data is owned by root; PostgreSQL cannot run as root"
		return 1
	fi
	local group
	group=$(id -gn "$user") || return 1

	# Directories owned by the cluster user; parents traversable.
	mkdir -p -- "$sock" || return 1
	[[ -d "$data" ]] || mkdir -m 0700 -- "$data" || return 1
	[[ -e "$log" ]] || : >"$log" || return 1
	if ((EUID == 0)); then
		chown "$user:$group" -- "$sock" "$log" || return 1
		[[ -f "$data/PG_VERSION" ]] || chown "$user:$group" -- "$data" || return 1
	fi
	chmod 0700 -- "$sock" || return 1
	_stack_make_traversable "$user" "$state" || return 1

	# initdb when there is no cluster yet.
	if [[ ! -f "$data/PG_VERSION" ]]; then
		if [[ -n "$(ls -A -- "$data")" ]]; then
			_stack_err "$data is not empty but holds no cluster (no PG_VERSION); remove it or choose another state dir"
			return 1
		fi
		local locale=C
		local locales
		locales=$(locale -a 2>/dev/null) || locales=""
		if grep -Eqix 'c\.utf-?8' <<<"$locales"; then
			locale=C.UTF-8
		fi
		t0=$(_stack_now_ms)
		_stack_log "initdb $data (locale $locale) ..."
		_stack_run_as "$user" "$bin/initdb" -D "$data" -U postgres \
			--encoding=UTF8 --locale="$locale" --auth=trust \
			--no-instructions >"$state/initdb.log" 2>&1 || {
			_stack_err "initdb failed"
			_stack_tail "$state/initdb.log"
			return 1
		}
		# Trust only local socket and 127.0.0.1 (no ::1, nothing remote).
		printf '%s\n' \
			'# Managed by tools/stack/lib.sh' \
			'# TYPE  DATABASE     USER  ADDRESS       METHOD' \
			'local   all          all                 trust' \
			'host    all          all   127.0.0.1/32  trust' \
			'local   replication  all                 trust' \
			'host    replication  all   127.0.0.1/32  trust' \
			>"$data/pg_hba.conf" || return 1
		printf '\n# Added by tools/stack/lib.sh\ninclude_if_exists = %s\n' "'stack.conf'" \
			>>"$data/postgresql.conf" || return 1
		_stack_log "initdb done in $(_stack_elapsed "$t0")"
	else
		local ver
		ver=$(cat -- "$data/PG_VERSION")
		[[ "$ver" == 15 ]] || {
			_stack_err "$data holds a PostgreSQL $ver cluster, expected 15"
			return 1
		}
	fi
	_stack_pg_write_conf "$data" "$port" "$sock" "$user" || return 1

	# Start, reuse, or move to the requested port.
	if _stack_pg_running "$data"; then
		local cur
		cur=$(sed -n 4p "$data/postmaster.pid")
		if [[ "$cur" != "$port" ]]; then
			_stack_log "cluster runs on port $cur, restarting on $port"
			_stack_run_as "$user" "$bin/pg_ctl" stop -D "$data" -m fast -w -t 60 \
				</dev/null >/dev/null || return 1
		elif ((_STACK_CONF_CHANGED)); then
			_stack_log "reusing running cluster on port $port (settings changed, reloading)"
			_stack_run_as "$user" "$bin/pg_ctl" reload -D "$data" </dev/null >/dev/null || return 1
		else
			_stack_log "reusing running cluster on port $port"
		fi
		if [[ "$cur" == "$port" ]]; then
			# It may still be starting up (e.g. crash recovery): wait for it.
			"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -t 60 || true
		fi
	fi
	if ! _stack_pg_running "$data"; then
		if _stack_port_busy "$port"; then
			_stack_err "port $port is already in use on 127.0.0.1"
			return 1
		fi
		_stack_pg_wait_stale "$data" || return 1
		t0=$(_stack_now_ms)
		_stack_log "starting PostgreSQL on 127.0.0.1:$port ..."
		local try ok=0
		for try in 1 2 3; do
			if _stack_run_as "$user" "$bin/pg_ctl" start -D "$data" -w -t 60 -l "$log" \
				</dev/null >/dev/null 2>"$state/pg_ctl.err"; then
				ok=1
				break
			fi
			# A just-killed postmaster's orphaned children can hold the
			# shared memory / lock for a moment; retry unless it is running.
			_stack_pg_running "$data" && break
			((try < 3)) && sleep 2
		done
		if ((!ok)); then
			_stack_err "PostgreSQL failed to start"
			cat -- "$state/pg_ctl.err" >&2 || true
			_stack_tail "$log"
			return 1
		fi
		_stack_log "PostgreSQL started in $(_stack_elapsed "$t0")"
	fi

	# Database + PostGIS.
	local -a q=("$psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1)
	local exists
	exists=$(PGCONNECT_TIMEOUT=10 "${q[@]}" -d postgres -tAc \
		"SELECT 1 FROM pg_database WHERE datname = '$db'" </dev/null) || {
		_stack_err "cannot connect to PostgreSQL on 127.0.0.1:$port"
		return 1
	}
	if [[ "$exists" != 1 ]]; then
		_stack_log "creating database $db"
		PGCONNECT_TIMEOUT=10 "${q[@]}" -d postgres -c "CREATE DATABASE \"$db\"" </dev/null >&2 || {
			_stack_err "CREATE DATABASE $db failed"
			return 1
		}
	fi
	t0=$(_stack_now_ms)
	local has
	has=$(PGCONNECT_TIMEOUT=10 "${q[@]}" -d "$db" -tAc \
		"SELECT 1 FROM pg_extension WHERE extname = 'postgis'" </dev/null) || return 1
	if [[ "$has" != 1 ]]; then
		PGCONNECT_TIMEOUT=10 "${q[@]}" -d "$db" -c "CREATE EXTENSION IF NOT EXISTS postgis" </dev/null >&2 || {
			_stack_err "CREATE EXTENSION postgis failed in $db"
			return 1
		}
		_stack_log "postgis extension created in $(_stack_elapsed "$t0")"
	fi
}

# stack_pg_down <state-dir>
# Stops the private cluster (pg_ctl stop -m fast) if it is running.
stack_pg_down() {
	local state data user
	state=$(_stack_abs_existing "${1:-}") || return 0
	data=$state/pg
	_stack_pg_running "$data" || return 0
	user=$(_stack_pg_user "$data") || return 1
	_stack_log "stopping PostgreSQL ($data)"
	_stack_run_as "$user" "$(_stack_pgbin)/pg_ctl" stop -D "$data" -m fast -w -t 60 \
		</dev/null >/dev/null || {
		_stack_err "pg_ctl stop failed"
		return 1
	}
}

# -------------------------------------------------------------------- nats --

_stack_nats_bin() {
	if command -v nats-server >/dev/null 2>&1; then
		command -v nats-server
	elif [[ -x /usr/sbin/nats-server ]]; then
		printf '/usr/sbin/nats-server'
	else
		_stack_err "nats-server not found (run stack_ensure_packages)"
		return 1
	fi
}

# Pid of the live nats-server of <state-dir> (pid file points at a
# nats-server whose store dir is ours), else fail.
_stack_nats_pid() {
	local state=$1 pid args
	[[ -f "$state/nats.pid" ]] || return 1
	pid=$(tr -dc 0-9 <"$state/nats.pid")
	_stack_pid_is "$pid" nats-server || return 1
	args=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
	[[ " $args " == *" -sd $state/nats "* ]] || return 1
	printf '%s' "$pid"
}

# stack_nats_port <state-dir>
# Prints the port of the running private nats-server; fails if not running.
stack_nats_port() {
	local state pid
	state=$(_stack_abs_existing "${1:-}") || return 1
	pid=$(_stack_nats_pid "$state") || return 1
	local -a a=()
	mapfile -d '' -t a <"/proc/$pid/cmdline" || return 1
	local i
	for ((i = 0; i < ${#a[@]} - 1; i++)); do
		if [[ "${a[i]}" == -p ]]; then
			printf '%s\n' "${a[i + 1]}"
			return 0
		fi
	done
	return 1
}

# stack_nats_up <state-dir> <port>
# Starts nats-server with JetStream on 127.0.0.1:<port> (state in
# <state-dir>/nats); reuses a running one on the same port.
stack_nats_up() {
	local state port
	state=$(_stack_abs_dir "${1:-}") || return 1
	port=${2:-}
	_stack_is_port "$port" || {
		_stack_err "stack_nats_up: bad port '${port}'"
		return 1
	}
	local nats pid cur log=$state/nats.log
	nats=$(_stack_nats_bin) || return 1
	if pid=$(_stack_nats_pid "$state"); then
		cur=$(stack_nats_port "$state") || cur=""
		if [[ "$cur" == "$port" ]] && _stack_port_answers "$port"; then
			_stack_log "reusing running nats-server on port $port (pid $pid)"
			return 0
		fi
		_stack_log "nats-server (pid $pid) runs on port ${cur:-?}, restarting on $port"
		stack_nats_down "$state" || return 1
	fi
	if _stack_port_busy "$port"; then
		_stack_err "port $port is already in use on 127.0.0.1"
		return 1
	fi
	mkdir -p -- "$state/nats" || return 1
	rm -f -- "$state/nats.pid"
	local t0
	t0=$(_stack_now_ms)
	_stack_log "starting nats-server on 127.0.0.1:$port ..."
	# Detached (own session, setsid -w so $! lives exactly as long as the
	# server) with no inherited stdio: a caller capturing our stdout with
	# $(...) must not wait for the server.
	# shellcheck disable=SC2094 # the server appends to its own log too
	(cd / && _stack_close_fds && exec setsid -w "$nats" -js -a 127.0.0.1 -p "$port" -sd "$state/nats" \
		-P "$state/nats.pid" -l "$log" </dev/null >>"$log" 2>&1) &
	local launcher=$!
	local deadline=$(($(_stack_now_ms) + 10000))
	while :; do
		pid=$(_stack_nats_pid "$state") || pid=""
		if [[ -n "$pid" ]] && _stack_port_answers "$port"; then
			break
		fi
		if ! kill -0 "$launcher" 2>/dev/null; then
			_stack_err "nats-server exited during startup"
			_stack_tail "$log"
			return 1
		fi
		if (($(_stack_now_ms) > deadline)); then
			_stack_err "nats-server did not accept connections on 127.0.0.1:$port within 10 s"
			_stack_tail "$log"
			kill "$launcher" 2>/dev/null || true
			[[ -z "$pid" ]] || kill "$pid" 2>/dev/null || true
			return 1
		fi
		sleep 0.1
	done
	_stack_log "nats-server started in $(_stack_elapsed "$t0") (pid $pid)"
}

# stack_nats_down <state-dir>
# Stops the private nats-server (SIGTERM, SIGKILL after 10 s) if running.
stack_nats_down() {
	local state pid i
	state=$(_stack_abs_existing "${1:-}") || return 0
	pid=$(_stack_nats_pid "$state") || {
		rm -f -- "$state/nats.pid"
		return 0
	}
	_stack_log "stopping nats-server (pid $pid)"
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < 100; i++)); do
		_stack_pid_is "$pid" nats-server || break
		sleep 0.1
	done
	if _stack_pid_is "$pid" nats-server; then
		_stack_log "nats-server did not stop, killing"
		kill -KILL "$pid" 2>/dev/null || true
		sleep 0.2
	fi
	rm -f -- "$state/nats.pid"
}

# --------------------------------------------------------------------- env --

# stack_write_ports <state-dir> <pg-port> <nats-port>
stack_write_ports() {
	local state
	state=$(_stack_abs_dir "${1:-}") || return 1
	if ! _stack_is_port "${2:-}" || ! _stack_is_port "${3:-}"; then
		_stack_err "stack_write_ports: bad ports '${2:-}' '${3:-}'"
		return 1
	fi
	printf 'PG_PORT=%s\nNATS_PORT=%s\n' "$2" "$3" >"$state/ports.env.tmp" &&
		mv -f -- "$state/ports.env.tmp" "$state/ports.env"
}

# _stack_read_port <state-dir> <KEY> -> value from ports.env
_stack_read_port() {
	local f=$1/ports.env line v=""
	[[ -f "$f" ]] || return 1
	while IFS= read -r line || [[ -n "$line" ]]; do
		[[ "$line" == "$2="* ]] && v=${line#*=}
	done <"$f"
	_stack_is_port "$v" || return 1
	printf '%s\n' "$v"
}

# stack_env <state-dir>
# Prints `export DATABASE_URL=...` and `export NATS_URL=...` for the running
# private stack (ports from <state-dir>/ports.env). Fails, printing nothing
# on stdout, if the stack is not up.
stack_env() {
	local state pg nats
	state=$(_stack_abs_existing "${1:-}") || {
		_stack_err "no stack state in '${1:-}' (run: stack.sh up ${1:-<state-dir>})"
		return 1
	}
	if ! pg=$(_stack_read_port "$state" PG_PORT) ||
		! nats=$(_stack_read_port "$state" NATS_PORT); then
		_stack_err "no valid $state/ports.env (run: stack.sh up $state)"
		return 1
	fi
	local run
	run=$(stack_pg_port "$state") || run=""
	[[ "$run" == "$pg" ]] || {
		_stack_err "PostgreSQL of $state is not running on port $pg (run: stack.sh up $state)"
		return 1
	}
	run=$(stack_nats_port "$state") || run=""
	[[ "$run" == "$nats" ]] || {
		_stack_err "nats-server of $state is not running on port $nats (run: stack.sh up $state)"
		return 1
	}
	printf 'export DATABASE_URL=postgres://postgres@127.0.0.1:%s/%s\n' "$pg" "$(_stack_db)"
	printf 'export NATS_URL=nats://127.0.0.1:%s\n' "$nats"
}
