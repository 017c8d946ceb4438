#!/usr/bin/env bash
# npm start: the whole stack on this machine with the demo data.
#   - installs what is missing (npm packages; as root, the Debian packages of PostGIS, NATS, GDAL)
#   - starts a private PostgreSQL + NATS on free loopback ports (unless DATABASE_URL / NATS_URL are set)
#   - migrates every service, loads the demo data on the first run, ensures the demo API key
#   - starts every app, prints the URLs and the key, and stops everything it started on Ctrl-C
set -euo pipefail
ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=tools/stack/lib.sh
source tools/stack/lib.sh
# shellcheck source=tools/stack/apps.sh
source tools/stack/apps.sh

STATE=${STACK_DIR:-$ROOT/.stack/dev}
LOGS=$STATE/logs
mkdir -p "$LOGS"
PORT=${PORT:-8080}
MCP_PORT=${MCP_PORT:-8081}

say() { printf '\033[1m%s\033[0m\n' "$*" >&2; }

stack_ensure_packages
stack_ensure_node_modules "$ROOT"
say "Building..."
lp_build "$ROOT"

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "$PORT" "$MCP_PORT"; do
	if port_busy "$port"; then
		say "Port $port is already in use (another npm start?). Stop it, or choose other ports: PORT=... MCP_PORT=... npm start"
		exit 1
	fi
done

STARTED_SERVERS=0
if [[ -z "${DATABASE_URL:-}" || -z "${NATS_URL:-}" ]]; then
	say "Starting private PostgreSQL and NATS in $STATE ..."
	# Servers already running for this folder belong to someone else's session: reuse, never stop them.
	bash tools/stack/stack.sh env "$STATE" >/dev/null 2>&1 || STARTED_SERVERS=1
	exports=$(bash tools/stack/stack.sh up "$STATE")
	# Only fill what the caller did not set.
	saved_db=${DATABASE_URL:-}
	saved_nats=${NATS_URL:-}
	eval "$exports"
	[[ -n "$saved_db" ]] && DATABASE_URL=$saved_db
	[[ -n "$saved_nats" ]] && NATS_URL=$saved_nats
fi
export DATABASE_URL NATS_URL

PIDS=()
cleanup() {
	trap - INT TERM EXIT
	say "Stopping..."
	local pid
	for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
	for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
	if [[ $STARTED_SERVERS == 1 ]]; then bash tools/stack/stack.sh down "$STATE" || true; fi
	say "Stopped."
}
trap cleanup INT TERM EXIT

say "Migrating (each service as its own database role)..."
lp_db_roles "$ROOT"
lp_migrate "$ROOT"

# STACK_DEMO_SOURCES: demo sources generated before (the generator's output folder, e.g. the small
# dataset npm test makes), loaded instead of generating the demo; the start-up smoke test uses it.
DEMO_DIR=${STACK_DEMO_SOURCES:-$STATE/demo-data/demo}
# STACK_DEMO_FORMAT=registers: the demo written in the public registers' own formats (PRG shapefile
# zip, EGiB WFS GML) and loaded through their source profiles, the path a real deployment's data
# takes (docs/data-registers.md); the default, geojsonseq, loads the generator's files as they are.
case ${STACK_DEMO_FORMAT:-geojsonseq} in
geojsonseq) LOAD_DIR=$DEMO_DIR ;;
registers) LOAD_DIR=$STATE/demo-data/demo-registers ;;
*)
	say "STACK_DEMO_FORMAT is geojsonseq (the default) or registers, not '$STACK_DEMO_FORMAT'"
	exit 2
	;;
esac
if [[ ! -f "$STATE/demo-loaded" ]]; then
	if [[ -n "${STACK_DEMO_SOURCES:-}" ]]; then
		say "Using the demo sources in $DEMO_DIR ..."
	else
		say "Generating the demo dataset (first run only; real data from $(lp_data_dir "$ROOT"))..."
		lp_generate_demo "$ROOT" demo "$DEMO_DIR"
	fi
	if [[ $LOAD_DIR != "$DEMO_DIR" ]]; then
		say "Writing it in the registers' formats into $LOAD_DIR ..."
		node tools/dist/demo/registers/write-registers.js --from "$DEMO_DIR" --out "$LOAD_DIR"
	fi
	say "Loading it through the refresh pipeline..."
	DATABASE_URL=$(lp_app_db_url layer-svc) node apps/layer-svc/dist/refresh/layers.cli.js load-dir "$LOAD_DIR"
	date -u +%FT%TZ >"$STATE/demo-loaded"
fi
# Address points for geocoding (geocode-svc's own table, not a layer): after every demo load, and
# once into stacks whose demo was loaded before geocoding existed.
if [[ ! -f "$STATE/addresses-loaded" || "$STATE/demo-loaded" -nt "$STATE/addresses-loaded" ]]; then
	if [[ -f "$DEMO_DIR/addresses.geojsonl" ]]; then
		say "Loading the demo address points for geocoding..."
		DATABASE_URL=$(lp_app_db_url geocode-svc) node apps/geocode-svc/dist/addresses/addresses.cli.js load "$DEMO_DIR/addresses.geojsonl"
		date -u +%FT%TZ >"$STATE/addresses-loaded"
	else
		say "No $DEMO_DIR/addresses.geojsonl: /v1/geocode finds nothing until addresses are loaded (npm run addresses -- load <file>)."
	fi
fi

# The key file is where the README tells readers to find the key, so it always holds the key in use,
# also when the operator chose it with DEMO_API_KEY.
if [[ -n "${DEMO_API_KEY:-}" ]]; then
	KEY=$DEMO_API_KEY
	(umask 077 && printf '%s\n' "$KEY" >"$STATE/demo-api-key")
elif [[ -s "$STATE/demo-api-key" ]]; then
	KEY=$(cat "$STATE/demo-api-key")
else
	KEY=$(DATABASE_URL=$(lp_app_db_url gateway) node apps/gateway/dist/keys/keys.cli.js create --name demo --scopes all | tail -n 1)
	(umask 077 && printf '%s\n' "$KEY" >"$STATE/demo-api-key")
fi
DATABASE_URL=$(lp_app_db_url gateway) node apps/gateway/dist/keys/keys.cli.js create --name demo --scopes all --key "$KEY" >/dev/null

# Place gazetteer for natural-language search: SIMC localities and admin units, published by
# geocode-svc as geocode_pub.places (search-svc reads it at start-up). Again after every demo load.
if [[ ! -f "$STATE/places-loaded" || "$STATE/demo-loaded" -nt "$STATE/places-loaded" ]]; then
	say "Loading the place gazetteer (SIMC localities)..."
	DATABASE_URL=$(lp_app_db_url geocode-svc) node apps/geocode-svc/dist/places/places.cli.js load --data-dir "$(lp_data_dir "$ROOT")"
	date -u +%FT%TZ >"$STATE/places-loaded"
fi

# STACK_REPLICAS="parcel-svc=3,search-svc=2": that many processes of a service in its queue group
# (each with its own ops port and log), as Kubernetes runs replicas.
replicas_of() {
	local entry list=${STACK_REPLICAS:-}
	for entry in ${list//,/ }; do
		if [[ "${entry%%=*}" == "$1" && "${entry#*=}" =~ ^[1-9][0-9]?$ ]]; then
			printf '%s' "${entry#*=}"
			return
		fi
	done
	printf 1
}
# Each app binds a free ops port itself (OPS_PORT=0) and writes it to OPS_PORT_FILE, read back here:
# probing a port and binding it later did collide when two stacks started at once.
declare -A OPS_PORTS=()
declare -A OPS_FILES=()
PORTS_DIR=$STATE/ops-ports
rm -rf "$PORTS_DIR" && mkdir -p "$PORTS_DIR"
ops_port_from_file() { # <file> <pid>: the ops port the app wrote, waiting as long as the app runs
	until [[ -s "$1" ]]; do
		kill -0 "$2" 2>/dev/null || return 1
		sleep 0.5
	done
	cat "$1"
}
declare -A FIRST_PIDS=()
for app in "${LP_SERVICES[@]}"; do
	count=$(replicas_of "$app")
	for ((replica = 0; replica < count; replica++)); do
		log=$LOGS/$app.log
		((replica == 0)) || log=$LOGS/$app-$replica.log
		# The first replica's ops port is the one readiness is waited on below.
		port_file=$PORTS_DIR/$app-$replica
		((replica == 0)) && OPS_FILES[$app]=$port_file
		# layer-svc refreshes layers by their cadence from the demo sources (its first replica only).
		scheduler=on
		((replica == 0)) || scheduler=off
		# Each app connects as its own database role (lp_db_roles), as in Kubernetes. search-svc's
		# column buffers are mapped on their own, so an evicted column's memory goes back (as in its
		# Kubernetes deployment: engine/columns/column-pack.ts).
		malloc=()
		[[ $app == search-svc ]] && malloc=("MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-262144}")
		env "${malloc[@]}" DATABASE_URL="$(lp_app_db_url "$app")" LAYER_SOURCES_DIR="$DEMO_DIR" REFRESH_SCHEDULER=$scheduler \
			OPS_PORT=0 OPS_PORT_FILE="$port_file" node "apps/$app/dist/main.js" >>"$log" 2>&1 &
		PIDS+=($!)
		((replica == 0)) && FIRST_PIDS[$app]=$!
		((count == 1)) || say "  $app replica $replica: log $log"
	done
done
# The gateway's readiness and metrics are on its ops port (loopback only), never on $PORT.
DATABASE_URL=$(lp_app_db_url gateway) PORT=$PORT OPS_PORT=0 OPS_PORT_FILE=$PORTS_DIR/gateway node apps/gateway/dist/main.js >>"$LOGS/gateway.log" 2>&1 &
PIDS+=($!)
gateway_pid=$!
if [[ -f apps/mcp-svc/dist/main.js ]]; then
	MCP_PORT=$MCP_PORT GATEWAY_URL="http://127.0.0.1:$PORT" node apps/mcp-svc/dist/main.js >>"$LOGS/mcp-svc.log" 2>&1 &
	PIDS+=($!)
fi
for app in "${LP_SERVICES[@]}"; do
	OPS_PORTS[$app]=$(ops_port_from_file "${OPS_FILES[$app]}" "${FIRST_PIDS[$app]}") || {
		say "$app did not start; see $LOGS/$app.log."
		exit 1
	}
done
GATEWAY_OPS_PORT=$(ops_port_from_file "$PORTS_DIR/gateway" "$gateway_pid") || {
	say "The gateway did not start; see $LOGS/gateway.log."
	exit 1
}

say "Waiting for the services..."
ready=0
for _ in $(seq 1 120); do
	if curl -fsS "http://127.0.0.1:$GATEWAY_OPS_PORT/readyz" >/dev/null 2>&1; then
		ready=1
		break
	fi
	sleep 0.5
done
if [[ $ready != 1 ]]; then
	say "The stack did not become ready within 60 s; readiness says:"
	curl -sS "http://127.0.0.1:$GATEWAY_OPS_PORT/readyz" >&2 || true
	say "Logs are in $LOGS"
	exit 1
fi

# Each service's own readiness (its ops port): search-svc is not ready until every gmina has a search
# index build, so the URLs are printed only once a search answers. Progress is shown as it changes.
for app in "${LP_SERVICES[@]}"; do
	shown=""
	until curl -fsS "http://127.0.0.1:${OPS_PORTS[$app]}/readyz" >/dev/null 2>&1; do
		body=$(curl -sS "http://127.0.0.1:${OPS_PORTS[$app]}/readyz" 2>/dev/null || true)
		progress=$(printf '%s' "$body" | node -e 'let t="";process.stdin.on("data",(d)=>(t+=d)).on("end",()=>{try{const c=JSON.parse(t).checks??{};process.stdout.write(Object.entries(c).filter(([,v])=>v!=="ok").map(([k,v])=>`${k}: ${v}`).join("; "))}catch{}})')
		if [[ -n "$progress" && "$progress" != "$shown" ]]; then
			say "  $app not ready yet: $progress"
			shown=$progress
		fi
		for pid in "${PIDS[@]}"; do
			if ! kill -0 "$pid" 2>/dev/null; then
				say "An app exited while $app was getting ready; see $LOGS."
				exit 1
			fi
		done
		sleep 2
	done
done

# A real parcel of the demo, with a '/' in its number, for the example call.
example=$(/usr/bin/psql -X -Atq "$DATABASE_URL" -c "SELECT id FROM layer_pub.parcels WHERE id LIKE '%/%' ORDER BY id LIMIT 1" 2>/dev/null || true)
example=${example:-306401_1.0012.100/1}
example_path=$(node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$example")
# A real demo address, for the geocoding example.
address=$(/usr/bin/psql -X -Atq "$DATABASE_URL" -c "SELECT s.street || ' ' || a.house_number || ', ' || s.locality
  FROM geocode.address_points a JOIN geocode.address_streets s ON s.id = a.street_id
  WHERE s.street IS NOT NULL ORDER BY s.locality = 'Poznań' DESC, a.id LIMIT 1" 2>/dev/null || true)
address=${address:-ul. Głogowska 12, Poznań}
address_query=$(node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$address")

cat <<MSG

  Land-parcel API is up.

  Map app       http://127.0.0.1:$PORT/        (sign in with the demo key below)
  REST API      http://127.0.0.1:$PORT/v1      (docs http://127.0.0.1:$PORT/docs, OpenAPI http://127.0.0.1:$PORT/openapi.yaml)
  MCP server    http://127.0.0.1:$MCP_PORT/mcp
  Demo API key  $KEY

  Try:  curl -H "Authorization: Bearer $KEY" http://127.0.0.1:$PORT/v1/parcels/$example_path
        curl -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/v1/regions?q=ostroda"
        curl -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/v1/geocode?q=$address_query"

  DATABASE_URL=$DATABASE_URL
  NATS_URL=$NATS_URL
  Logs: $LOGS    Ctrl-C stops everything this command started.

MSG

# Stay up until Ctrl-C or until an app dies.
wait -n "${PIDS[@]}" || true
say "An app exited; see $LOGS."
exit 1
