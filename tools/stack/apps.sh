# shellcheck shell=bash
# The apps of the stack, in the order their migrations run (producers of published views first).
# Sourced by start.sh and the test runner.
LP_SERVICES=(layer-svc geocode-svc market-svc parcel-svc search-svc)
LP_MIGRATING_APPS=(layer-svc geocode-svc market-svc parcel-svc search-svc gateway)

# lp_build <repo-root>: compile every project (incremental).
lp_build() {
	(cd "$1" && node node_modules/typescript/bin/tsc -b tsconfig.build.json) || {
		echo "build failed" >&2
		return 1
	}
}

# lp_migrate <repo-root>: run every service's migrations against $DATABASE_URL.
lp_migrate() {
	local app
	for app in "${LP_MIGRATING_APPS[@]}"; do
		NATS_URL=${NATS_URL:-nats://unused:4222} node "$1/apps/$app/dist/migrate.js" || return 1
	done
}
