import { KafkaEnv, RedisEnv, ServiceEnv, ServiceUrl, ServiceUrls } from '@bazar/service-kit';
import { z } from 'zod';

/** requests per minute */
const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const GatewayConfig = ServiceEnv.extend(KafkaEnv.shape)
  .extend(RedisEnv.shape)
  .extend({
    /** each service's replicas (ServiceUrls) */
    CATALOG_URL: ServiceUrls,
    CART_URL: ServiceUrls,
    ORDER_URL: ServiceUrls,
    USER_URL: ServiceUrls,
    MEDIA_URL: ServiceUrls,
    /** the storefront's origin: the only one whose pages may call the API from a browser (CORS) */
    STORE_ORIGIN: z.url().transform((origin) => new URL(origin).origin),
    OIDC_ISSUER: z.url(),
    OIDC_JWKS_URL: z.url(),
    OIDC_AUDIENCE: z.string().min(1),
    // Generous per address: shoppers on mobile networks share addresses behind carrier NAT.
    RATE_LIMIT_IP: perMinute(1200),
    RATE_LIMIT_IP_WRITES: perMinute(300),
    RATE_LIMIT_USER: perMinute(600),
    RATE_LIMIT_USER_WRITES: perMinute(60),
    /** Keycloak's own address, where the login form's posts go on to (gateway/src/sign-in) */
    KEYCLOAK_URL: ServiceUrl,
    /** wrong passwords one address may try for one account in SIGN_IN_GUESS_MINUTES */
    SIGN_IN_GUESSES: z.coerce.number().int().positive().default(10),
    SIGN_IN_GUESS_MINUTES: z.coerce.number().int().positive().default(15),
    /** wrong passwords for one account from every address together in SIGN_IN_GUESS_MINUTES, except
     *  from an address that signed in to it before (gateway/src/sign-in/guess-limits.ts says why) */
    SIGN_IN_ACCOUNT_GUESSES: z.coerce.number().int().positive().default(50),
    /** wrong passwords (and sign-in posts that cannot be read) from one address, for every account
     *  together, in SIGN_IN_GUESS_MINUTES: above nginx's per-minute burst, and shared by its replicas */
    SIGN_IN_ADDRESS_GUESSES: z.coerce.number().int().positive().default(100),
    /** how long an address that signed in to an account is remembered as the owner's */
    SIGN_IN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().positive().default(30),
    /** the soonest the forgot-password post is answered after it arrived, whatever the address, so its
     *  timing does not tell whether Keycloak sent a mail (an account) or not: well above Keycloak's
     *  slowest mail send to the stack's mail sink; raise it where the SMTP server is slower (the
     *  gateway warns of every answer that came later) */
    SIGN_IN_RESET_ANSWER_MS: z.coerce.number().int().positive().default(1000),
    /** live streams (the order stream) one account may hold open at once, every gateway together;
     *  a tab holds one, so this is a shopper's tabs and devices (issue 53) */
    STREAMS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
    /** live streams one client address may hold open at once: several shoppers behind one address */
    STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    /** the installation's private key for the identity tokens the services believe (PKCS#8, PEM or
     *  base64 DER; contracts IDENTITY_TOKEN): only the gateway holds it, the services the public key */
    BAZAR_IDENTITY_SIGNING_KEY: z.string().min(1, 'is required: the key that signs who is signed in for the services'),
  });
export type GatewayConfig = typeof GatewayConfig._output;
