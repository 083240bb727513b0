// Shoppers and products at the services' own ports (./shop) and pictures for uploads (./pictures) are
// entry points of their own, @bazar/testing/shop and @bazar/testing/pictures: they load the service
// kit and sharp, which the many tests that import only this one need not load.
export { controlHeaders, eventually, everyServiceHealthy, healthOf, stackControl, stackDir, stackEnv } from './stack';
export {
  ACCOUNTS,
  SignedInAccount,
  refreshSignIn,
  storefrontSignInPath,
  serviceAccountToken,
  signIn,
  signInForTokens,
  type StorefrontTokens,
} from './auth';
export {
  animationsEnded,
  codeTookOver,
  launchChromium,
  openRendered,
  browsingIn,
  RENDERED_ANSWERS,
  RENDERED_WITHIN_MS,
  servedAs,
  widthPastTheScreen,
} from './browser';
export { chooseWhereAndWhen, TEST_ADDRESS } from './delivery';
export { freePort } from './free-port';
export { mailbox, type Mail, type MailSummary } from './mail';
export { createAccount, deleteAccounts, keycloakAccount, keycloakAdmin, newShopper, type Credentials, type TestAccount } from './accounts';
export { gatewayCall, gatewayCallAt, signedInAndSynced, syncAccount, type GatewayAnswer } from './gateway';
export { catalogProduct, catalogProducts, runWords } from './catalog';
export { withinOneMinute } from './rate-limits';
export { openSignedIn, placeOrder, publishProduct, publishProductAs, removeProduct, type TestProduct } from './orders';
export { createAdminAccount, deleteStoreAccount } from './admins';
export { rawRequest, rawWebRequest, type RawWebAnswer } from './web';
export { startServiceReplica, type ServiceReplica } from './replica';
