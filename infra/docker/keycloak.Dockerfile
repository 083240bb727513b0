# Keycloak for docker-compose: the official image with the store's providers (infra/keycloak/providers,
# built here as install.mjs builds them for the local stack) and an entrypoint that enables the realm's
# Google sign-in when its credentials are given.
#   docker compose build keycloak
ARG KEYCLOAK_IMAGE=quay.io/keycloak/keycloak:26.4.7

FROM maven:3.9-eclipse-temurin-17 AS providers
WORKDIR /build
COPY infra/keycloak/providers/ ./
RUN mvn -B -q package

FROM ${KEYCLOAK_IMAGE}
COPY --from=providers /build/target/bazar-keycloak-providers.jar /opt/keycloak/providers/
COPY --chmod=755 infra/keycloak/entrypoint.sh /opt/keycloak/bin/bazar-entrypoint.sh
ENTRYPOINT ["/opt/keycloak/bin/bazar-entrypoint.sh"]
