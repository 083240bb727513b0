/**
 * The images of the stores and of Keycloak for BAZAR_STACK=containers (containers.ts): the ones
 * docker-compose.yml runs (Keycloak's is the base of infra/docker/keycloak.Dockerfile), which
 * infra/test/docker-compose.test.ts keeps equal to these.
 */
export const STORE_IMAGES = {
  mongo: 'mongo:7',
  kafka: 'apache/kafka:3.9.1',
  redis: 'redis:7',
  keycloak: 'quay.io/keycloak/keycloak:26.4.7',
} as const;
