import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root; every process of the stack runs with it as working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Ignored folder holding installed tools, data and logs of the local stack. */
export const STACK = process.env.BAZAR_STACK_DIR ?? path.join(ROOT, '.stack');

export const stackPath = (...parts: string[]) => path.join(STACK, ...parts);
export const rootPath = (...parts: string[]) => path.join(ROOT, ...parts);

export const KEYCLOAK_HOME = stackPath('keycloak-dist', `keycloak-${process.env.KEYCLOAK_VERSION ?? '26.4.7'}`);
