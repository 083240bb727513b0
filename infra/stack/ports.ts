/** Every port of the local stack, in one place. All of them listen on 127.0.0.1 only. */
export const PORTS = {
  web: 8080,
  keycloak: 8180,
  keycloakManagement: 9180,
  gateway: 4000,
  catalog: 4001,
  cart: 4002,
  order: 4003,
  user: 4004,
  media: 4005,
  /** the storefront's renderer: public pages with their content in the HTML (renderer/) */
  renderer: 4006,
  ferretdb: 27017,
  ferretdbDebug: 8088,
  redis: 6379,
  kafka: 9092,
  kafkaController: 9093,
  /** the mail sink (Mailpit): SMTP for Keycloak's and the order mails, and its web inbox and API */
  mailSmtp: 1025,
  mail: 8025,
  /** Toxiproxy's API, and the proxies it keeps between the services and Kafka, Redis and FerretDB */
  toxiproxy: 8474,
  kafkaProxy: 9192,
  redisProxy: 6479,
  ferretdbProxy: 27117,
  /** Jaeger, which keeps the services' traces (in memory): its UI and query API, the OTLP/HTTP port
   *  the services send spans to, and its query API's gRPC port */
  jaeger: 16686,
  jaegerOtlp: 4318,
  jaegerGrpc: 16685,
  /** the stack runner's own control port, for the fault tests (infra/stack/control.ts) */
  stackControl: 4099,
} as const;

/** Where replica `n` (from 1) of a service or of the gateway listens with `--replicas`: the first on
 *  the component's own port, each further one 100 above the one before (catalog 4001, 4101). */
export const replicaPort = (port: number, replica: number): number => port + 100 * (replica - 1);

/** How many replicas of each service and of the gateway a stack may run (`up --replicas N`). */
export const MAX_REPLICAS = 3;

export const HOST = '127.0.0.1';
export const WEB_URL = `http://localhost:${PORTS.web}`;
