import { z } from 'zod';
import { RefusalCode } from './refusals';
import { NOT_A_MOBILE_NUMBER, OBJECT_ID_PATTERN, westernDigits } from './typed-digits';

/** A body field's path (`price`, `mycart.0.cartPrice`) and its first problem in plain words
 *  (`price must be a number`), so a form can show each under its own field. */
export const FieldErrors = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof FieldErrors>;

/** The answer of every refused request: `error` says it all in one line, in English; `code` names
 *  the refusal (REFUSALS), for a page in another language to word it; a refused body also names its
 *  fields in `fields`. */
export const ErrorAnswer = z.object({ error: z.string(), code: RefusalCode, fields: FieldErrors.optional() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** A MongoDB ObjectId as 24 hex characters; anything else (including `{ "$gt": "" }`) is refused. */
export const ObjectIdString = z.string().regex(OBJECT_ID_PATTERN, 'must be a 24-character hex id');
export const IdParams = z.strictObject({ id: ObjectIdString });
export type IdParams = z.infer<typeof IdParams>;

/** The body of a write that declares none: nothing, so a key sent anyway (`{ "role": "admin" }` to
 *  /makeadmin) is refused naming it rather than silently ignored. */
export const NoBody = z.strictObject({});

/** Which email addresses the store takes: the WHATWG rule, the one `<input type="email">` applies
 *  (zod publishes it as `html5Email`). The spec's pattern (lowercase letters and digits @ letters . 2
 *  to 3 letters) refused most real addresses, such as first.last@gmail.com and anything at .com.bd, so
 *  this replaces it everywhere: the API, the sign-up and login pages and Keycloak's user profile
 *  (infra/keycloak carries this pattern's source; a test keeps it the same). */
export const EMAIL_PATTERN: RegExp = z.regexes.html5Email;

/** The sign-up and login email, with the spec's messages. */
export const SignupEmail = z
  .string({ error: 'Email is Required' })
  .min(1, 'Email is Required')
  .regex(EMAIL_PATTERN, 'Provide a valid Email');

/** An email address as the API takes it: a plain string (never an object), trimmed and lowercased. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  // checked after the trimming (z.email().trim() would check first), and still a string whose
  // rules the OpenAPI document shows
  .check(z.email({ pattern: EMAIL_PATTERN, error: 'must be an email address' }));
export const EmailParams = z.strictObject({ email: Email });
export type EmailParams = z.infer<typeof EmailParams>;

/** Bangladeshi mobile number: 01 then 9 digits (operator prefixes 013-019), +880 accepted, in either
 *  script's digits; normalised to the local 01XXXXXXXXX form. Tidied with overwrites rather than
 *  transforms, so that it stays a string whose pattern the OpenAPI document shows. */
export const BD_MOBILE_PATTERN = /^(?:\+880|0)(1[3-9]\d{8})$/;
export const BdMobilePhone = z
  .string()
  .overwrite((s) => westernDigits(s.replace(/[\s-]/g, '')))
  .regex(BD_MOBILE_PATTERN, NOT_A_MOBILE_NUMBER)
  .overwrite((s) => s.replace(BD_MOBILE_PATTERN, '0$1'))
  .meta({
    description:
      'A Bangladeshi mobile number, 01XXXXXXXXX or +8801XXXXXXXXX, in digits 0-9 or Bangla ০-৯; spaces and dashes in it are ignored',
  });

/** Free text a person typed: trimmed, required, bounded. */
export const Text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** Text that stays on one line, such as a person's name: cleanInput (./hygiene) lets tabs and line
 *  breaks through for the notes and addresses that run over lines, and this refuses them where no
 *  one types them (a name with a line break in it breaks the admin's list and every mail). */
export const ONE_LINE = /^[^\t\n\r]*$/;
export const ONE_LINE_MESSAGE = 'must be on one line';
/** A person's name as the API takes it: trimmed, bounded, on one line. */
export const PersonName = (max: number) => z.string().trim().max(max).regex(ONE_LINE, ONE_LINE_MESSAGE);

/** What the mongo-style write answers of the spec carry. */
export const InsertAnswer = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export type InsertAnswer = z.infer<typeof InsertAnswer>;
export const DeleteAnswer = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export type DeleteAnswer = z.infer<typeof DeleteAnswer>;
export const UpdateAnswer = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
export type UpdateAnswer = z.infer<typeof UpdateAnswer>;

/** Headers that once told a service who is signed in. No service believes them any more (issue 53:
 *  anyone who reaches a service could send them); the gateway still strips whatever a client sends
 *  under these names, and the tests send them to show they are refused. Who is signed in now travels
 *  in IDENTITY_TOKEN. */
export const IDENTITY_HEADERS = {
  id: 'x-user-id',
  email: 'x-user-email',
  name: 'x-user-name',
  role: 'x-user-role',
  realmRoles: 'x-user-realm-roles',
  emailVerified: 'x-user-email-verified',
} as const;
export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

/** Who is signed in, between the gateway and the services (issue 53): a JWT the gateway signs with
 *  the installation's own ES256 key (BAZAR_IDENTITY_SIGNING_KEY, which only the gateway, the seed and
 *  the tests hold), for one user, for a minute. Every service verifies it with the public key alone
 *  (BAZAR_IDENTITY_VERIFY_KEY): signature, algorithm, issuer, audience and expiry. A caller that
 *  reaches a service without passing the gateway has nothing a service believes; a token that leaks
 *  is worth one user for at most a minute. Its `aud` names the service the request goes to (and any
 *  it passes the token on to, IDENTITY_PASSED_ON), and every other service refuses it, so a token
 *  captured at one service is worth nothing at another. */
export const IDENTITY_TOKEN = {
  header: 'x-bazar-identity',
  algorithm: 'ES256',
  issuer: 'bazar-gateway',
  /** seconds: long enough for one request and the calls it makes on, short enough to be worthless once leaked */
  lifetimeSeconds: 60,
  /** seconds of clock difference between machines that are forgiven */
  clockToleranceSeconds: 5,
} as const;

/** What the identity token states about the user, beside iss, aud, iat and exp. */
export const IdentityClaims = z.object({
  sub: z.string().min(1).max(100),
  email: Email,
  name: z.string().max(1000).default(''),
  role: Role,
  /** the realm roles of the user's Keycloak token; only the user service reads them, to seed the
   *  first admin (the role that counts is `role`, from the user service's record) */
  realm_roles: z.array(z.string().max(200)).max(50).default([]),
  /** whether the account's email address is verified; an unverified account may not order */
  email_verified: z.boolean(),
});
export type IdentityClaims = z.input<typeof IdentityClaims>;

/** Which service is calling, on the internal routes that carry no user (`/internal/...`: the
 *  gateway's role lookup, the order service's stock holds, product lookup and cart checkouts; issue
 *  53). A JWT like IDENTITY_TOKEN, signed with a second installation key pair: the private key only
 *  the calling services hold (BAZAR_SERVICE_SIGNING_KEY: the order service and the gateway), the
 *  public key the called ones (BAZAR_SERVICE_VERIFY_KEY). `sub` names the caller, and each route
 *  names the callers it takes. A process that only reaches a service has neither. */
export const SERVICE_TOKEN = {
  header: 'x-bazar-service',
  algorithm: 'ES256',
  issuer: 'bazar-services',
  lifetimeSeconds: 60,
  clockToleranceSeconds: 5,
} as const;
export const ServiceCaller = z.enum(['order', 'gateway']);
export type ServiceCaller = z.infer<typeof ServiceCaller>;

/** The services behind the gateway. A token between them (IDENTITY_TOKEN, SERVICE_TOKEN) names in
 *  `aud` the one it is meant for, by these names, and each refuses a token meant for another. */
export const SERVICE_NAMES = ['catalog', 'cart', 'order', 'user', 'media'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The services a service passes a user's identity token on to, acting for that user: the order
 *  service reads the shopper's own cart when an order is placed (the cart's owner check applies).
 *  The gateway's token for such a service names those too. */
export const IDENTITY_PASSED_ON: Partial<Record<ServiceName, readonly ServiceName[]>> = { order: ['cart'] };

/** The `aud` of the identity token the gateway signs for a request to `service`. */
export function identityAudience(service: ServiceName): ServiceName[] {
  return [service, ...(IDENTITY_PASSED_ON[service] ?? [])];
}
