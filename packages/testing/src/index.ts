export { eventually, stackControl, stackEnv } from './stack';
export { ACCOUNTS, serviceAccountToken, signIn } from './auth';
export { launchChromium } from './browser';
