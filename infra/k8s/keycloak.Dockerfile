# Keycloak for the cluster (infra/k8s/bazar, the Keycloak Operator's `Keycloak`): the compose image
# (infra/docker/keycloak.Dockerfile: the official image and the store's providers) with the store's
# login theme inside, which compose mounts instead, and Keycloak's own entrypoint: the operator
# starts it with its own arguments and imports realm bazar through a KeycloakRealmImport, so the
# compose entrypoint's copying of realm files has nothing to do here.
#   docker compose build keycloak
#   docker build -f infra/k8s/keycloak.Dockerfile --build-arg BASE=bazar/keycloak -t bazar/keycloak-cluster:0.1.0 .
ARG BASE=bazar/keycloak
FROM ${BASE}
COPY infra/keycloak/themes/ /opt/keycloak/themes/
ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]
