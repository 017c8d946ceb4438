#!/usr/bin/env bash
# npm test: every test (unit, integration against real PostGIS and NATS, end-to-end over HTTP).
# Provisions a private PostgreSQL the same way npm start does, migrates a template database with
# the fixture, then runs lint and Jest. Each test file copies the template and starts its own
# nats-server. Extra arguments go to Jest (npm test -- apps/gateway).
set -euo pipefail
ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=tools/stack/lib.sh
source tools/stack/lib.sh
# shellcheck source=tools/stack/apps.sh
source tools/stack/apps.sh

STATE=${TEST_STACK_DIR:-$ROOT/.stack/test}
TEMPLATE_DB=lp_template
DEMO_TEMPLATE_DB=lp_demo_template
mkdir -p "$STATE"

started=$SECONDS
stack_ensure_packages
stack_ensure_kubectl
stack_ensure_node_modules "$ROOT"
# The browser of the map application's tests (Debian chromium, driven by playwright-core).
LP_TEST_CHROMIUM=$(stack_ensure_browser)
export LP_TEST_CHROMIUM
echo "test: building..." >&2
lp_build "$ROOT"
# Jest only transpiles: the test files' types (typed subjects, API views) are checked here.
echo "test: type-checking the tests..." >&2
node node_modules/typescript/bin/tsc -p tsconfig.spec.json

export STACK_PG_FAST=1
already_running=0
pg_port=$(stack_pg_port "$STATE" 2>/dev/null) && already_running=1 || pg_port=$(stack_free_port "${STACK_PG_PORT:-56432}")
stack_pg_up "$STATE" "$pg_port"
stop_pg() {
	if [[ $already_running == 0 ]]; then stack_pg_down "$STATE" || true; fi
}
trap stop_pg EXIT

ADMIN_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
psql_admin() { /usr/bin/psql -X -q -v ON_ERROR_STOP=1 "$ADMIN_URL" "$@"; }

echo "test: preparing template database $TEMPLATE_DB ..." >&2
# Leftovers of an interrupted run, then a fresh template.
for db in $(psql_admin -Atc "SELECT datname FROM pg_database WHERE datname ~ '^t_[0-9a-f]{12}$'"); do
	psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)"
done
# Two templates: the small fixture (fast, fixed ids for API tests) and the small-scale demo
# dataset (every layer, every coverage status) for tests of the data itself.
# The per-service roles of production (deploy/k8s/base/postgres/roles.sql): migrations and loads
# run as the owning service's role, as the Kubernetes Jobs do.
make_template() { # <db> <sources dir>
	local DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/$1"
	psql_admin -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)"
	psql_admin -c "CREATE DATABASE $1"
	lp_db_roles "$ROOT"
	lp_migrate "$ROOT" >/dev/null
	DATABASE_URL=$(lp_app_db_url layer-svc) node apps/layer-svc/dist/refresh/layers.cli.js load-dir "$2" >"$STATE/load-$1.log" ||
		{ cat "$STATE/load-$1.log" >&2; return 1; }
	# Address points for geocoding are not a layer: geocode-svc's loader reads them.
	DATABASE_URL=$(lp_app_db_url geocode-svc) node apps/geocode-svc/dist/addresses/addresses.cli.js load "$2/addresses.geojsonl" >>"$STATE/load-$1.log" ||
		{ cat "$STATE/load-$1.log" >&2; return 1; }
}
node tools/dist/demo/load-fixture.js "$STATE/fixture" >/dev/null
make_template "$TEMPLATE_DB" "$STATE/fixture"
echo "test: generating and loading the small demo dataset ..." >&2
# The generator computes geometry in a scratch schema of the cluster's spare database.
DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/landparcel" lp_generate_demo "$ROOT" small "$STATE/demo-small" >"$STATE/generate.log" 2>&1 ||
	{ cat "$STATE/generate.log" >&2; exit 1; }
make_template "$DEMO_TEMPLATE_DB" "$STATE/demo-small"
# Place gazetteer for natural-language search (geocode-svc's loader: SIMC localities from the shared
# data, admin units built), published as geocode_pub.places; into both templates.
for db in "$TEMPLATE_DB" "$DEMO_TEMPLATE_DB"; do
	DATABASE_URL=$(DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/$db" lp_app_db_url geocode-svc) node apps/geocode-svc/dist/places/places.cli.js load --data-dir "$(lp_data_dir "$ROOT")" >>"$STATE/load-$db.log" 2>&1 ||
		{ cat "$STATE/load-$db.log" >&2; exit 1; }
done
export LP_TEST_DEMO_TEMPLATE_DB=$DEMO_TEMPLATE_DB
export LP_TEST_DEMO_SOURCES=$STATE/demo-small

export LP_TEST_ADMIN_URL=$ADMIN_URL
export LP_TEST_TEMPLATE_DB=$TEMPLATE_DB
LP_TEST_NATS_SERVER=$(command -v nats-server)
export LP_TEST_NATS_SERVER
export LP_TEST_REPO_ROOT=$ROOT
export TZ=UTC

if [[ -f eslint.config.mjs ]]; then
	echo "test: lint..." >&2
	NX_DAEMON=false node node_modules/eslint/bin/eslint.js --quiet .
fi

echo "test: jest..." >&2
NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning" node node_modules/jest/bin/jest.js "$@"
echo "test: all passed in $((SECONDS - started)) s" >&2
