/**
 * What the topology's values (topology.ts) become where the store runs. Each consumer says what its
 * place is: the native stack (infra/stack/components.ts), the engines' containers
 * (infra/stack/containers.ts), compose (compose.ts); the Helm chart says it in its templates
 * (infra/k8s/bazar/templates/_helpers.tpl, from the values written into topology.generated.yaml).
 */
import { MAIL, deployable, type DeployableName, type Environment, type SecretName, type Value } from './topology.ts';

export interface Place {
  /** the interface a component listens on */
  listen: string;
  /** the base URL of a deployable inside the store: every replica of it, or one address */
  address(of: DeployableName, replicas: 'each' | 'one'): string;
  /** the host name of another component */
  host(of: 'mail'): string;
  /** a client's address of an engine */
  engine(of: 'mongo' | 'kafka' | 'redis'): string;
  /** Keycloak's base URL inside the store (…/auth) */
  keycloak: string;
  /** the store's origin as browsers reach it */
  publicOrigin: string;
  secret(name: SecretName): string;
  dir(of: 'media' | 'rendered' | 'mail'): string;
  /** an operator's setting of this name, or its default */
  setting(name: string, fallback: string): string;
}

/** The component whose environment is resolved: where it listens, and its database. */
export interface Self {
  port: number;
  smtpPort?: number;
  database?: string;
}

function valueIn(place: Place, value: Value, self: Self, name: string): string {
  switch (value.kind) {
    case 'port':
      return String(value.which === 'smtp' ? self.smtpPort : self.port);
    case 'listen':
      return place.listen;
    case 'bind':
      return `${place.listen}:${value.which === 'smtp' ? self.smtpPort : self.port}`;
    case 'address':
      return place.address(value.of, value.replicas);
    case 'host':
      return place.host(value.of);
    case 'portOf':
      return String(MAIL.smtpPort);
    case 'engine':
      return place.engine(value.of);
    case 'keycloak':
      return `${place.keycloak}${value.path}`;
    case 'public':
      return `${place.publicOrigin}${value.path}`;
    case 'database':
      if (!self.database) throw new Error(`${name}: the component has no database`);
      return self.database;
    case 'secret':
      return place.secret(value.name);
    case 'dir':
      return value.file ? `${place.dir(value.of)}/${value.file}` : place.dir(value.of);
    case 'setting':
      return place.setting(name, value.default);
    case 'plain':
      return value.value;
  }
}

/** An environment with every value said as it is in `place`. */
export function environmentIn(place: Place, env: Environment, self: Self): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, valueIn(place, value, self, name)]));
}

/** The port a deployable listens on (a storefront app's and the edge's come from their nginx config). */
export function portOf(name: DeployableName): number {
  const port = deployable(name).port;
  if (port === undefined) throw new Error(`${name} has no port in the topology`);
  return port;
}
