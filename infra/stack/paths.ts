import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root; every process of the stack runs with it as working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Ignored folder holding installed tools, data and logs of the local stack. */
export const STACK = process.env.BAZAR_STACK_DIR ?? path.join(ROOT, '.stack');

export const stackPath = (...parts: string[]) => path.join(STACK, ...parts);
export const rootPath = (...parts: string[]) => path.join(ROOT, ...parts);

export const KEYCLOAK_HOME = stackPath('keycloak-dist', `keycloak-${process.env.KEYCLOAK_VERSION ?? '26.4.7'}`);

/** The Node every Node process of the stack runs on: the version in .nvmrc, which
 *  infra/bin/install.mjs puts into .stack/node when the machine's own Node is another one. */
const NODE_VERSION = readFileSync(rootPath('.nvmrc'), 'utf8').trim();
const installedNode = stackPath('node', NODE_VERSION, 'bin', 'node');
export const PROJECT_NODE = process.versions.node !== NODE_VERSION && existsSync(installedNode) ? installedNode : process.execPath;
