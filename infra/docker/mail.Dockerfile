# The mail sink of the stack (infra/mail/server.ts): SMTP on 1025 for Keycloak's mails, its JSON API on
# 8025, the same program and ports as the local `mail` component (infra/stack/components.ts).
#   docker compose build mail
ARG NODE_IMAGE=node:26-bookworm-slim

# The npm manifests alone, so the `npm ci` layers below are reused until a dependency changes
# (the same first stages as node-service.Dockerfile, so their layers are shared).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -path "./patches/*" -delete && find . -type d -empty -delete

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY infra/mail infra/mail
RUN npx tsc -p infra/mail

# Production dependencies of the infra workspace (smtp-server, mailparser and the stack runner's few).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev --include-workspace-root --no-audit --no-fund --workspace=infra

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/infra/mail/dist infra/mail/dist
# Received mails are kept here (a volume in docker-compose.yml).
RUN mkdir -p /var/lib/bazar/mail && chown -R node:node /var/lib/bazar
USER node
EXPOSE 1025 8025
CMD ["node", "infra/mail/dist/server.js"]
