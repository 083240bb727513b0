# Keycloak for docker-compose, as in production: the official image built for `kc.sh start --optimized`
# with its build-time options fixed here (a PostgreSQL database, health endpoints on the management
# port, the /auth path nginx forwards) and the store's providers (infra/keycloak/providers, built here
# as install.mjs builds them for the local stack), and an entrypoint that enables the realm's Google
# sign-in when its credentials are given.
#   docker compose build keycloak
ARG KEYCLOAK_IMAGE=quay.io/keycloak/keycloak:26.4.7

FROM maven:3.9-eclipse-temurin-17 AS providers
WORKDIR /build
COPY infra/keycloak/providers/ ./
RUN mvn -B -q package

FROM ${KEYCLOAK_IMAGE} AS built
ENV KC_DB=postgres \
    KC_HEALTH_ENABLED=true \
    KC_HTTP_RELATIVE_PATH=/auth
COPY --from=providers /build/target/bazar-keycloak-providers.jar /opt/keycloak/providers/
RUN /opt/keycloak/bin/kc.sh build

FROM ${KEYCLOAK_IMAGE}
COPY --from=built /opt/keycloak/ /opt/keycloak/
COPY --chmod=755 infra/keycloak/entrypoint.sh /opt/keycloak/bin/bazar-entrypoint.sh
ENTRYPOINT ["/opt/keycloak/bin/bazar-entrypoint.sh"]
