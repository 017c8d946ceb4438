#!/usr/bin/env bash
# Private local stack (PostgreSQL 15 + PostGIS, NATS JetStream) on 127.0.0.1.
#
#   stack.sh up   <state-dir>   ensure packages, start both, print export lines
#   stack.sh down <state-dir>   stop both
#   stack.sh env  <state-dir>   print export lines for the running stack
#
# Usage: eval "$(bash tools/stack/stack.sh up .stack)"
#
# Preferred ports: PG 55432, NATS 54222 (env STACK_PG_PORT / STACK_NATS_PORT);
# the next free port above is taken when busy. A restarted stack prefers the
# ports it had before (ports.env). STACK_PG_FAST=1 turns durability off.
set -euo pipefail

# shellcheck source=tools/stack/lib.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

usage() {
	echo "usage: $(basename -- "$0") up|down|env <state-dir>" >&2
	exit 2
}

# Serialise up/down on one state dir.
lock_state() {
	exec 9>"$1/.stack.lock"
	flock -w 300 9 || {
		echo "stack: error: timed out waiting for lock $1/.stack.lock" >&2
		exit 1
	}
}

cmd_up() {
	local state pg_port nats_port pref
	stack_ensure_packages
	state=$(mkdir -p -- "$1" && cd -P -- "$1" && pwd)
	lock_state "$state"

	if ! pg_port=$(stack_pg_port "$state"); then
		pref=${STACK_PG_PORT:-}
		[[ -n "$pref" ]] || pref=$(_stack_read_port "$state" PG_PORT) || pref=55432
		pg_port=$(stack_free_port "$pref")
	fi
	if [[ -n "${STACK_PG_PORT:-}" && "$pg_port" != "$STACK_PG_PORT" ]] &&
		! _stack_port_busy "$STACK_PG_PORT"; then
		pg_port=$STACK_PG_PORT # explicit request moves a running cluster
	fi

	if ! nats_port=$(stack_nats_port "$state"); then
		pref=${STACK_NATS_PORT:-}
		[[ -n "$pref" ]] || pref=$(_stack_read_port "$state" NATS_PORT) || pref=54222
		nats_port=$(stack_free_port "$pref")
		if [[ "$nats_port" == "$pg_port" ]]; then
			nats_port=$(stack_free_port "$((pg_port + 1))")
		fi
	fi
	if [[ -n "${STACK_NATS_PORT:-}" && "$nats_port" != "$STACK_NATS_PORT" &&
		"$STACK_NATS_PORT" != "$pg_port" ]] && ! _stack_port_busy "$STACK_NATS_PORT"; then
		nats_port=$STACK_NATS_PORT
	fi

	stack_pg_up "$state" "$pg_port"
	stack_nats_up "$state" "$nats_port"
	stack_write_ports "$state" "$pg_port" "$nats_port"
	stack_env "$state"
}

cmd_down() {
	local state
	[[ -d "$1" ]] || return 0
	state=$(cd -P -- "$1" && pwd)
	lock_state "$state"
	local rc=0
	stack_nats_down "$state" || rc=1
	stack_pg_down "$state" || rc=1
	return "$rc"
}

(($# == 2)) || usage
[[ -n "$2" ]] || usage
case "$1" in
up) cmd_up "$2" ;;
down) cmd_down "$2" ;;
env) stack_env "$2" ;;
*) usage ;;
esac
