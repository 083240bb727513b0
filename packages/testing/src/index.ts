export { stackEnv } from './stack';
export { ACCOUNTS, serviceAccountToken, signIn } from './auth';
export { launchChromium } from './browser';
