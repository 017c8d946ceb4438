#!/usr/bin/env bash
# npm run keys -- create|list|revoke ...: manage API keys of the local stack (or of DATABASE_URL).
set -euo pipefail
ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
if [[ -z "${DATABASE_URL:-}" ]]; then
	if exports=$(bash tools/stack/stack.sh env "${STACK_DIR:-$ROOT/.stack/dev}" 2>/dev/null); then
		eval "$exports"
		export DATABASE_URL NATS_URL
	fi
fi
[[ -f apps/gateway/dist/keys/keys.cli.js ]] || node node_modules/typescript/bin/tsc -b apps/gateway/tsconfig.app.json
exec node apps/gateway/dist/keys/keys.cli.js "$@"
