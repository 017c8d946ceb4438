# syntax=docker/dockerfile:1
# Images of every app (README, "Deploy to Kubernetes"):
#   docker build --target app       -t REGISTRY/landparcel/app:TAG .        gateway, mcp-svc, search, parcel, market, geocode
#   docker build --target layer-svc -t REGISTRY/landparcel/layer-svc:TAG .  layer-svc and the refresh CronJobs (GDAL)
# The Kubernetes manifests choose the app by command (node apps/<app>/dist/main.js).

# Node 20 on Debian bookworm, as in development (TOOLCHAIN.md). Pin the digest in your registry mirror.
ARG NODE_IMAGE=node:20.19.5-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# Dependencies first, so a code change does not reinstall them. `npm ci` is not used: the registry
# lacks some other-platform optional binaries the lockfile names (TOOLCHAIN.md).
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/db/package.json libs/db/
COPY libs/geo/package.json libs/geo/
COPY libs/messaging/package.json libs/messaging/
COPY libs/runtime/package.json libs/runtime/
COPY libs/testing/package.json libs/testing/
RUN npm install --no-audit --no-fund
COPY . .
RUN node node_modules/typescript/bin/tsc -b tsconfig.build.json \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir /out \
 && cp -r --parents package.json node_modules libs/*/package.json libs/*/dist apps/*/dist /out/ \
 && rm -rf /out/libs/testing /out/node_modules/@lp/testing \
 && find /out -name '*.map' -delete -o -name '*.d.ts' -delete -o -name '*.tsbuildinfo' -delete

FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /out/ /app/
# A fixed non-root user; the pods also run with a read-only root filesystem (/tmp is a volume).
USER 10001:10001
# Node forwards SIGTERM to the app as PID 1: each app stops taking work, finishes, then exits.
CMD ["node", "apps/gateway/dist/main.js"]

# The image with GDAL: layer-svc (refresh loads, hillshade tiles) and the gateway (exports by ogr2ogr)
# run from it; the gateway Deployment sets its own command.
FROM app AS layer-svc
USER root
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gdal-bin ca-certificates \
 && rm -rf /var/lib/apt/lists/*
USER 10001:10001
CMD ["node", "apps/layer-svc/dist/main.js"]
