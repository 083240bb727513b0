export { eventually, stackControl, stackEnv } from './stack';
export { ACCOUNTS, serviceAccountToken, signIn } from './auth';
export { launchChromium } from './browser';
export { mailbox, type Mail, type MailSummary } from './mail';
export { createAccount, keycloakAccount, keycloakAdmin, type Credentials } from './accounts';
export { gatewayCall, signedInAndSynced, type GatewayAnswer } from './gateway';
export { catalogProducts } from './catalog';
