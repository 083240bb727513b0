import { StackError } from './stack-error.ts';

/**
 * Which stack runs the store's stores and Keycloak: `native` (the default: the processes of
 * components.ts) or `containers` (BAZAR_STACK=containers: Docker containers started with
 * testcontainers, containers.ts). The store's own processes run natively on either.
 */
export type StackKind = 'native' | 'containers';

/** The kind BAZAR_STACK names; undefined for a value that names none. */
export function stackKindOf(value: string | undefined): StackKind | undefined {
  const asked = value?.trim() ?? '';
  if (asked === '' || asked === 'native') return 'native';
  if (asked === 'containers') return 'containers';
  return undefined;
}

export const NO_DOCKER =
  'BAZAR_STACK=containers runs Kafka, MongoDB, Redis and Keycloak in Docker containers, but no Docker engine answers ' +
  '(testcontainers looked at DOCKER_HOST, ~/.testcontainers.properties and the usual Docker sockets). ' +
  'Install and start Docker (https://docs.docker.com/engine/install/ or Docker Desktop) and try again, ' +
  'or unset BAZAR_STACK to run the native stack.';

/**
 * The stack asked for in `env`. A containers stack without a Docker engine is refused rather than
 * replaced by the native one, so a run never tests another stack than the one it was asked to.
 */
export async function chooseStack(env: NodeJS.ProcessEnv, dockerAnswers: () => Promise<boolean>): Promise<StackKind> {
  const kind = stackKindOf(env.BAZAR_STACK);
  if (kind === undefined)
    throw new StackError(`BAZAR_STACK=${env.BAZAR_STACK} names no stack: set it to containers, or unset it for the native stack.`);
  if (kind === 'containers' && !(await dockerAnswers())) throw new StackError(NO_DOCKER);
  return kind;
}
