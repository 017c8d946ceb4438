# shellcheck shell=bash
# The two template databases of the integration tests, built once and reused while nothing that
# decides their content changed. Sourced by tools/test/run.sh after tools/stack/lib.sh and apps.sh.
#
#   lp_test_templates_stamp <repo-root>                         -> prints the inputs' hash
#   lp_test_templates_ensure <repo-root> <state-dir> <admin-url>
#
# The hash (tools/stack/source-stamp.mjs) covers the source closure of every program that builds a
# template (each service's migrations, the layer, address and place loaders, the fixture and demo
# generators), the SQL beside that code, the production roles, this file, the runner, the lockfile,
# the compiler settings, the PostGIS version and every file of the shared data directory. It is
# written as the templates' database comment only once both are complete, so an interrupted build
# is never reused. LP_TEST_REBUILD_TEMPLATES=1 forces a rebuild.

LP_TEST_TEMPLATE_DB=lp_template
LP_TEST_DEMO_TEMPLATE_DB=lp_demo_template
LP_TEST_TEMPLATE_ENTRIES=(
	apps/layer-svc/src/refresh/layers.cli.ts
	apps/geocode-svc/src/addresses/addresses.cli.ts
	apps/geocode-svc/src/places/places.cli.ts
	tools/demo/load-fixture.ts
	tools/demo/generate.ts
)

lp_test_templates_stamp() {
	local root=$1 data app
	data=$(lp_data_dir "$root") || return 1
	local -a args=(--root "$root" --data-dir "$data")
	for app in "${LP_MIGRATING_APPS[@]}"; do args+=(--entry "apps/$app/src/migrate.ts"); done
	for app in "${LP_TEST_TEMPLATE_ENTRIES[@]}"; do args+=(--entry "$app"); done
	args+=(--file deploy/k8s/base/postgres/roles.sql --file tools/test/templates.sh --file tools/stack/source-stamp.mjs
		--file tools/stack/apps.sh --file package-lock.json --file tsconfig.base.json
		--file /usr/share/postgresql/15/extension/postgis.control)
	(cd "$root" && node tools/stack/source-stamp.mjs "${args[@]}")
}

# _lp_test_template_comment <admin-url> <db> -> the database's comment, empty when it does not exist.
_lp_test_template_comment() {
	/usr/bin/psql -X -Atq "$1" -c "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = '$2'"
}

lp_test_templates_ensure() {
	local root=$1 state=$2 admin_url=$3 stamp db
	stamp="template-inputs $(lp_test_templates_stamp "$root")" || return 1
	if [[ "${LP_TEST_REBUILD_TEMPLATES:-}" != 1 ]] &&
		[[ "$(_lp_test_template_comment "$admin_url" "$LP_TEST_TEMPLATE_DB")" == "$stamp" ]] &&
		[[ "$(_lp_test_template_comment "$admin_url" "$LP_TEST_DEMO_TEMPLATE_DB")" == "$stamp" ]] &&
		[[ -f "$state/demo-small/manifest.json" ]]; then
		echo "test: template databases up to date (${stamp#* }), reused" >&2
		return 0
	fi
	echo "test: preparing template database $LP_TEST_TEMPLATE_DB ..." >&2
	node "$root/tools/dist/demo/load-fixture.js" "$state/fixture" >/dev/null || return 1
	_lp_test_make_template "$root" "$state" "$admin_url" "$LP_TEST_TEMPLATE_DB" "$state/fixture" || return 1
	echo "test: generating and loading the small demo dataset ..." >&2
	# The generator computes geometry in a scratch schema of the cluster's spare database.
	DATABASE_URL="${admin_url%/*}/landparcel" lp_generate_demo "$root" small "$state/demo-small" >"$state/generate.log" 2>&1 ||
		{
			cat "$state/generate.log" >&2
			return 1
		}
	_lp_test_make_template "$root" "$state" "$admin_url" "$LP_TEST_DEMO_TEMPLATE_DB" "$state/demo-small" || return 1
	# Place gazetteer for natural-language search (geocode-svc's loader: SIMC localities from the
	# shared data, admin units built), published as geocode_pub.places; into both templates.
	for db in "$LP_TEST_TEMPLATE_DB" "$LP_TEST_DEMO_TEMPLATE_DB"; do
		DATABASE_URL=$(DATABASE_URL="${admin_url%/*}/$db" lp_app_db_url geocode-svc) \
			node "$root/apps/geocode-svc/dist/places/places.cli.js" load --data-dir "$(lp_data_dir "$root")" >>"$state/load-$db.log" 2>&1 ||
			{
				cat "$state/load-$db.log" >&2
				return 1
			}
	done
	for db in "$LP_TEST_TEMPLATE_DB" "$LP_TEST_DEMO_TEMPLATE_DB"; do
		/usr/bin/psql -X -q -v ON_ERROR_STOP=1 "$admin_url" -c "COMMENT ON DATABASE $db IS '$stamp'" || return 1
	done
}

# _lp_test_make_template <root> <state> <admin-url> <db> <sources dir>
# A fresh database, migrated and loaded by the per-service roles of production
# (deploy/k8s/base/postgres/roles.sql), as the Kubernetes Jobs do.
_lp_test_make_template() {
	local root=$1 state=$2 admin_url=$3 db=$4 sources=$5
	local DATABASE_URL="${admin_url%/*}/$db"
	/usr/bin/psql -X -q -v ON_ERROR_STOP=1 "$admin_url" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" || return 1
	lp_db_roles "$root" || return 1
	lp_migrate "$root" >/dev/null || return 1
	DATABASE_URL=$(lp_app_db_url layer-svc) node "$root/apps/layer-svc/dist/refresh/layers.cli.js" load-dir "$sources" >"$state/load-$db.log" ||
		{
			cat "$state/load-$db.log" >&2
			return 1
		}
	# Address points for geocoding are not a layer: geocode-svc's loader reads them.
	DATABASE_URL=$(lp_app_db_url geocode-svc) node "$root/apps/geocode-svc/dist/addresses/addresses.cli.js" load "$sources/addresses.geojsonl" >>"$state/load-$db.log" ||
		{
			cat "$state/load-$db.log" >&2
			return 1
		}
}
