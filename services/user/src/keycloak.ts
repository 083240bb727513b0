import { z } from 'zod';
import type { UserConfig } from './config';

const TokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() });
const KeycloakUserList = z.array(z.object({ id: z.string(), email: z.string().optional() }));
const RoleRepresentation = z.object({ id: z.string(), name: z.string() });
type RoleRepresentation = z.infer<typeof RoleRepresentation>;

const ADMIN_ROLE = 'admin';
/** the realm's client of the storefront, whose address the verification page links back to */
const STOREFRONT_CLIENT = 'storefront';
const TIMEOUT_MS = 5_000;
/** renew the service token this long before it expires */
const EXPIRY_MARGIN_MS = 30_000;

export class KeycloakError extends Error {
  override name = 'KeycloakError';
}

/** The few calls of Keycloak's admin REST API the user service makes, with the client credentials
 *  of its own confidential client (a service account holding manage-users). */
export class KeycloakAdmin {
  private token: { value: string; expiresAt: number } | undefined;
  private adminRole: RoleRepresentation | undefined;
  private readonly adminBase: string;

  constructor(
    private readonly config: Pick<
      UserConfig,
      'KEYCLOAK_URL' | 'KEYCLOAK_REALM' | 'KEYCLOAK_ADMIN_CLIENT_ID' | 'KEYCLOAK_ADMIN_CLIENT_SECRET'
    >,
  ) {
    this.adminBase = `${config.KEYCLOAK_URL}/admin/realms/${encodeURIComponent(config.KEYCLOAK_REALM)}`;
  }

  /** The account's id, or undefined when Keycloak has no account with that email. */
  async findUserId(email: string): Promise<string | undefined> {
    const users = KeycloakUserList.parse(await this.call('GET', `/users?${new URLSearchParams({ email, exact: 'true' })}`));
    return users.find((user) => user.email?.toLowerCase() === email)?.id;
  }

  /** Grants or withdraws the realm role `admin`; either is a no-op when already so, and when the
   *  account is gone (deleted in Keycloak itself): there is no role left to keep in step, and
   *  retrying would hold up every later role change behind this one. */
  async setAdmin(userId: string, admin: boolean): Promise<void> {
    this.adminRole ??= RoleRepresentation.parse(await this.call('GET', `/roles/${ADMIN_ROLE}`));
    await this.call(admin ? 'POST' : 'DELETE', `/users/${encodeURIComponent(userId)}/role-mappings/realm`, [this.adminRole], [404]);
  }

  /** Has Keycloak mail the account a link that verifies its address; the page after it leads back
   *  to the storefront. */
  async sendVerificationMail(userId: string): Promise<void> {
    await this.call(
      'PUT',
      `/users/${encodeURIComponent(userId)}/send-verify-email?${new URLSearchParams({ client_id: STOREFRONT_CLIENT })}`,
    );
  }

  /** Deletes the account; an account that is already gone counts as deleted. */
  async deleteUser(userId: string): Promise<void> {
    await this.call('DELETE', `/users/${encodeURIComponent(userId)}`, undefined, [404]);
  }

  private async call(method: string, path: string, body?: unknown, acceptable: number[] = []): Promise<unknown> {
    const response = await fetch(`${this.adminBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.serviceToken()}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401) this.token = undefined;
    if (!response.ok && !acceptable.includes(response.status))
      throw new KeycloakError(`Keycloak answered ${response.status} to ${method} ${path.split('?')[0]}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  private async serviceToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    const { KEYCLOAK_URL, KEYCLOAK_REALM, KEYCLOAK_ADMIN_CLIENT_ID, KEYCLOAK_ADMIN_CLIENT_SECRET } = this.config;
    const response = await fetch(`${KEYCLOAK_URL}/realms/${encodeURIComponent(KEYCLOAK_REALM)}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: KEYCLOAK_ADMIN_CLIENT_ID,
        client_secret: KEYCLOAK_ADMIN_CLIENT_SECRET,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new KeycloakError(`Keycloak refused the user service's client credentials (${response.status})`);
    const { access_token, expires_in } = TokenAnswer.parse(await response.json());
    this.token = { value: access_token, expiresAt: Date.now() + expires_in * 1000 - EXPIRY_MARGIN_MS };
    return access_token;
  }
}
