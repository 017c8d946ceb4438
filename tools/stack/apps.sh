# shellcheck shell=bash
# The apps of the stack, in the order their migrations run (producers of published views first).
# Sourced by start.sh and the test runner.
LP_SERVICES=(layer-svc geocode-svc market-svc parcel-svc search-svc watches-svc)
LP_MIGRATING_APPS=(layer-svc geocode-svc market-svc parcel-svc search-svc watches-svc gateway)

# lp_build <repo-root>: compile every project (incremental), then the map application.
lp_build() {
	(cd "$1" && node node_modules/typescript/bin/tsc -b tsconfig.build.json) || {
		echo "build failed" >&2
		return 1
	}
	lp_build_web "$1"
}

# lp_build_web <repo-root>: type-check and bundle apps/web (Vite) into apps/web/dist, which the
# gateway serves at / and /p/<id>; skipped when nothing of the app changed since the last build.
lp_build_web() {
	local root=$1 stamp=$1/apps/web/dist/index.html
	if [[ -f "$stamp" ]] && [[ -z "$(find "$root/apps/web/src" "$root/apps/web/index.html" "$root/apps/web/vite.config.ts" \
		"$root/apps/web/tsconfig.json" "$root/package-lock.json" -newer "$stamp" -print -quit)" ]]; then
		return 0
	fi
	echo "building the map application (apps/web)..." >&2
	(cd "$root" && node node_modules/typescript/bin/tsc -p apps/web/tsconfig.json &&
		NO_COLOR=1 node node_modules/vite/bin/vite.js build apps/web --logLevel warn) || {
		echo "map application build failed" >&2
		return 1
	}
}

# lp_db_role <app>: the database role of an app (layer-svc -> layer_svc, gateway -> gateway).
lp_db_role() {
	printf '%s\n' "${1//-/_}"
}

# lp_role_url <url> <role>: the same database URL, connecting as <role> (loopback trust locally).
lp_role_url() {
	printf '%s\n' "$1" | sed -E "s#^(postgres(ql)?://)([^@/]*@)?#\1$2@#"
}

# lp_db_roles <repo-root>: one role per service owning its schemas, SELECT on the published views
# for their readers: deploy/k8s/base/postgres/roles.sql, the file CloudNativePG runs in production,
# applied to $DATABASE_URL's database (idempotent), then LOGIN for the roles. Needs a superuser
# (npm start's and npm test's own PostgreSQL); against another server it is skipped, and
# migrations run as DATABASE_URL's user.
LP_DB_ROLES_APPLIED=0
lp_db_roles() {
	local app
	if [[ "$(/usr/bin/psql -X -Atq "$DATABASE_URL" -c 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user')" != t ]]; then
		echo "DATABASE_URL does not connect as a superuser: per-service roles not applied, migrations run as its user" >&2
		LP_DB_ROLES_APPLIED=0
		return 0
	fi
	PGOPTIONS='-c client_min_messages=warning' /usr/bin/psql -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL" -f "$1/deploy/k8s/base/postgres/roles.sql" || return 1
	for app in "${LP_MIGRATING_APPS[@]}"; do
		/usr/bin/psql -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL" -c "ALTER ROLE $(lp_db_role "$app") LOGIN" || return 1
	done
	LP_DB_ROLES_APPLIED=1
}

# lp_app_db_url <app>: $DATABASE_URL as the app's own role once lp_db_roles applied them.
lp_app_db_url() {
	if [[ $LP_DB_ROLES_APPLIED == 1 ]]; then lp_role_url "$DATABASE_URL" "$(lp_db_role "$1")"; else printf '%s\n' "$DATABASE_URL"; fi
}

# lp_migrate <repo-root>: run every service's migrations against $DATABASE_URL, each as the
# service's role when lp_db_roles applied them (it owns its schemas, as in production).
lp_migrate() {
	local app
	for app in "${LP_MIGRATING_APPS[@]}"; do
		DATABASE_URL=$(lp_app_db_url "$app") NATS_URL=${NATS_URL:-nats://unused:4222} node "$1/apps/$app/dist/migrate.js" || return 1
	done
}

# lp_data_dir <repo-root>: the shared real-data directory (DATA_DIR, else ../shared/data beside the
# repository, else the workplace's /work/shared/data). Never copied into the repository.
lp_data_dir() {
	local candidate
	for candidate in "${DATA_DIR:-}" "$1/../shared/data" /work/shared/data; do
		if [[ -n "$candidate" && -f "$candidate/README.md" && -d "$candidate/admin" ]]; then
			(cd "$candidate" && pwd)
			return 0
		fi
	done
	echo "The shared data directory was not found: set DATA_DIR to the folder holding admin/, teryt/, power-grid/ ... (default ../shared/data)." >&2
	return 1
}

# lp_generate_demo <repo-root> <scale> <out-dir>: write the demo sources once per generator version
# (every source file the generator imports, libraries included, and the shared data it reads;
# DATABASE_URL: a PostGIS database the generator may use for a scratch schema).
lp_generate_demo() {
	local root=$1 scale=$2 out=$3 data stamp
	data=$(lp_data_dir "$root") || return 1
	stamp="$scale $(cd "$root" && node tools/stack/source-stamp.mjs --root . --data-dir "$data" --entry tools/demo/generate.ts)" || return 1
	if [[ -f "$out/manifest.json" && "$(cat "$out/.generator-stamp" 2>/dev/null)" == "$stamp" ]]; then
		return 0
	fi
	rm -rf "$out"
	mkdir -p "$out"
	node "$root/tools/dist/demo/generate.js" --out "$out" --scale "$scale" --data-dir "$data" || return 1
	printf '%s\n' "$stamp" >"$out/.generator-stamp"
}
