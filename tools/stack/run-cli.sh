#!/usr/bin/env bash
# npm run keys|layers|addresses -- ...: run one of the apps' command-line tools against the local stack of
# npm start (or DATABASE_URL / NATS_URL when set). Builds first when needed.
#   run-cli.sh <built entry point relative to the repo> [args...]
set -euo pipefail
ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
entry=$1
shift
if [[ -z "${DATABASE_URL:-}" ]]; then
	if exports=$(bash tools/stack/stack.sh env "${STACK_DIR:-$ROOT/.stack/dev}" 2>/dev/null); then
		eval "$exports"
		export DATABASE_URL NATS_URL
	fi
fi
[[ -d node_modules ]] || npm install --no-audit --no-fund >&2
node node_modules/typescript/bin/tsc -b tsconfig.build.json >&2
exec node "$entry" "$@"
