#!/usr/bin/env bash
# The tests, by layer (docs/testing.md):
#   run.sh [--layer unit|int|e2e|all] [--lint] [Jest arguments...]
# unit (npm run test:unit): the *.spec.ts files, with no build, database, broker or lint.
# int, e2e (npm run test:int, test:e2e): *.int-spec.ts against real PostGIS and NATS, *.e2e-spec.ts
# over HTTP; the build and type-check first, then a private PostgreSQL provisioned the same way
# npm start does, with two template databases (rebuilt only when their inputs changed). Each test
# file copies a template and starts its own nats-server.
# all (npm test, the default): every layer, with lint when no Jest arguments are given (a targeted
# run such as `npm test -- apps/gateway` lints only with --lint). The files that measure under load
# run last, one at a time (jest.config.mjs).
set -euo pipefail
ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=tools/stack/lib.sh
source tools/stack/lib.sh
# shellcheck source=tools/stack/apps.sh
source tools/stack/apps.sh
# shellcheck source=tools/test/templates.sh
source tools/test/templates.sh

STATE=${TEST_STACK_DIR:-$ROOT/.stack/test}
mkdir -p "$STATE"

layer=all
lint=0
(($# == 0)) && lint=1
jest_args=()
while (($# > 0)); do
	case $1 in
	--layer)
		layer=${2:-}
		shift 2 || { echo "test: --layer needs unit, int, e2e or all" >&2; exit 2; }
		;;
	--lint)
		lint=1
		shift
		;;
	*)
		jest_args+=("$1")
		shift
		;;
	esac
done
case $layer in
all) unset LP_TEST_LAYER ;;
unit | int | e2e) export LP_TEST_LAYER=$layer ;;
*)
	echo "test: unknown layer '$layer' (unit, int, e2e or all)" >&2
	exit 2
	;;
esac
export TZ=UTC
JEST=(node node_modules/jest/bin/jest.js)
export NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning"

started=$SECONDS
stack_ensure_node_modules "$ROOT"
# deploy/k8s's tests render the kustomizations (a unit test: no server involved).
stack_ensure_kubectl
if [[ $layer == unit ]]; then
	echo "test: jest (unit layer)..." >&2
	"${JEST[@]}" "${jest_args[@]}"
	echo "test: unit layer passed in $((SECONDS - started)) s" >&2
	exit 0
fi

stack_ensure_packages
# The browser of the map application's tests (Debian chromium, driven by playwright-core).
LP_TEST_CHROMIUM=$(stack_ensure_browser)
export LP_TEST_CHROMIUM
# Lint needs no build (tsconfig.lint.json reads the libraries' sources): it runs on the second core
# while the build, the type-check and the templates take the first, and is waited for before Jest.
lint_pid=
lint_log=$STATE/lint.log
# A run that fails before Jest does not leave lint running (its own processes only, by parent id).
stop_lint() {
	if [[ -n $lint_pid ]]; then
		pkill -P "$lint_pid" 2>/dev/null || true
		kill "$lint_pid" 2>/dev/null || true
	fi
}
trap stop_lint EXIT
if [[ $lint == 1 && -f eslint.config.mjs ]]; then
	echo "test: lint (in the background, output in $lint_log)..." >&2
	(
		NX_DAEMON=false node node_modules/eslint/bin/eslint.js --quiet . &&
			node node_modules/prettier/bin/prettier.cjs --check --log-level warn '**/*.{ts,tsx,mts,cts,mjs}'
	) >"$lint_log" 2>&1 &
	lint_pid=$!
fi
echo "test: building..." >&2
lp_build "$ROOT"
# Jest only transpiles: the test files' types (typed subjects, API views) are checked here,
# incrementally (tsconfig.spec.json keeps its build info in .stack/).
echo "test: type-checking the tests..." >&2
node node_modules/typescript/bin/tsc -p tsconfig.spec.json

export STACK_PG_FAST=1
already_running=0
pg_port=$(stack_pg_port "$STATE" 2>/dev/null) && already_running=1 || pg_port=$(stack_free_port "${STACK_PG_PORT:-56432}")
# The cluster runs without fsync (STACK_PG_FAST): its templates are trusted only after a clean
# shutdown, so a cluster that crashed or was killed rebuilds them.
if [[ $already_running == 0 && -f "$STATE/pg/PG_VERSION" ]] &&
	! LC_ALL=C "$(_stack_pgbin)/pg_controldata" "$STATE/pg" 2>/dev/null | grep -q '^Database cluster state: *shut down$'; then
	echo "test: the test cluster was not shut down cleanly: rebuilding the template databases" >&2
	export LP_TEST_REBUILD_TEMPLATES=1
fi
stack_pg_up "$STATE" "$pg_port"
stop_pg() {
	if [[ $already_running == 0 ]]; then stack_pg_down "$STATE" || true; fi
}
trap 'stop_pg; stop_lint' EXIT

ADMIN_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
if [[ $already_running == 0 ]]; then
	# Leftovers of an interrupted run (not while another run of this worktree uses the cluster).
	for db in $(/usr/bin/psql -X -Atq "$ADMIN_URL" -c "SELECT datname FROM pg_database WHERE datname ~ '^t_[0-9a-f]{12}$'"); do
		/usr/bin/psql -X -q -v ON_ERROR_STOP=1 "$ADMIN_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)"
	done
fi
# Two templates: the small fixture (fast, fixed ids for API tests) and the small-scale demo
# dataset (every layer, every coverage status) for tests of the data itself; rebuilt only when
# what decides their content changed (tools/test/templates.sh). One run at a time prepares them.
exec 8>"$STATE/.templates.lock"
flock -w 900 8 || {
	echo "test: timed out waiting for $STATE/.templates.lock" >&2
	exit 1
}
lp_test_templates_ensure "$ROOT" "$STATE" "$ADMIN_URL"
flock -u 8

# What the test files read (libs/testing/src/stack/test-env.ts).
export LP_TEST_TEMPLATE_DB LP_TEST_DEMO_TEMPLATE_DB
export LP_TEST_DEMO_SOURCES=$STATE/demo-small
export LP_TEST_ADMIN_URL=$ADMIN_URL
LP_TEST_NATS_SERVER=$(command -v nats-server)
export LP_TEST_NATS_SERVER
export LP_TEST_REPO_ROOT=$ROOT

if [[ -n $lint_pid ]]; then
	echo "test: waiting for lint..." >&2
	if ! wait "$lint_pid"; then
		cat "$lint_log" >&2
		echo "test: lint failed" >&2
		exit 1
	fi
	lint_pid=
	echo "test: lint passed" >&2
fi

# Two runs: every file but those that measure under load (jest.config.mjs, ALONE), then those one
# at a time, with the machine to themselves. Either may find no file of a targeted run.
echo "test: jest..." >&2
LP_TEST_ALONE=exclude "${JEST[@]}" --passWithNoTests "${jest_args[@]}"
echo "test: jest, the files that measure under load, one at a time..." >&2
LP_TEST_ALONE=only "${JEST[@]}" --passWithNoTests --runInBand "${jest_args[@]}"
echo "test: $layer passed in $((SECONDS - started)) s" >&2
