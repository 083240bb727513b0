# The image of every server-side deployable: the five services and the gateway, chosen by APP_DIR.
#   docker build -f infra/docker/node-service.Dockerfile --build-arg APP_DIR=services/cart -t bazar/cart .
#   docker compose build cart          (docker-compose.yml names APP_DIR for each service)
# Why one shared file instead of services/<name>/Dockerfile: the six images differ only in the folder
# they build and run, so six copies would repeat the same lines and drift apart; the folder is an
# argument instead, and building or deploying one service alone stays a single command.
ARG NODE_IMAGE=node:26-bookworm-slim

# The npm manifests alone (and patches/, which npm ci applies to installed packages through the
# root postinstall), so the `npm ci` layers below are reused until a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -path "./patches/*" -delete && find . -type d -empty -delete

FROM ${NODE_IMAGE} AS build
ARG APP_DIR
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
# Builds the workspace and the packages it references (contracts, service kit).
RUN npx tsc -b "${APP_DIR}"

# Production dependencies of this one workspace and the workspaces it links, and the root's own
# (patch-package, for the postinstall), nothing else.
FROM ${NODE_IMAGE} AS deps
ARG APP_DIR
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev --include-workspace-root --no-audit --no-fund --workspace="${APP_DIR}"

FROM ${NODE_IMAGE}
ARG APP_DIR
ENV NODE_ENV=production APP_DIR=${APP_DIR}
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/service-kit/dist packages/service-kit/dist
COPY --from=build /app/${APP_DIR} ${APP_DIR}
# Writable data folders for a service that keeps files (media and the renderer mount their volumes here).
RUN mkdir -p /var/lib/bazar/media /var/lib/bazar/rendered && chown -R node:node /var/lib/bazar
USER node
# Same working directory, entry file and V8 options as the local stack (NODE_DEPLOYABLE_FLAGS in
# infra/stack/components.ts): node <flags> <APP_DIR>/dist/main.js from the root.
CMD ["sh", "-c", "exec node --no-allocation-site-pretenuring --import=@bazar/service-kit/telemetry/register \"${APP_DIR}/dist/main.js\""]
