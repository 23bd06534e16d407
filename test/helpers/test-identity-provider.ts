// A real OpenID Provider for the tests (oidc-provider, a dev dependency), on 127.0.0.1 or localhost: the
// console discovers it, sends browsers to it, exchanges codes with it and checks its ID tokens against
// its JWKS. Its development login form takes any password; consent is granted without asking (the
// console is a first-party client). A test can:
//   - change an account's groups between sign-ins;
//   - forge the next token answer's ID token (expired, another audience, another issuer, another key),
//     signed with the provider's own key unless told otherwise, to check what the console accepts;
//   - stop and start the provider (a provider that is down);
//   - sign in over plain HTTP (signInAt), following the redirects a browser would.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export const TEST_CLIENT = { id: 'lectern-console', secret: 'lectern-console-secret-0123456789' };

export interface TestAccount {
  email: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  email_verified?: boolean;
}

export interface ForgeOptions {
  claims: (claims: JWTPayload) => JWTPayload;
  /** Sign with a key the provider does not publish (a forged signature). */
  foreignKey?: boolean;
}

export interface TestIdentityProvider {
  issuer: string;
  /** By login name (the `sub`), changeable between sign-ins. */
  accounts: Map<string, TestAccount>;
  /** The next ID token the token endpoint returns is rewritten (then re-signed). */
  forgeNextIdToken(options: ForgeOptions): void;
  /** Token endpoint calls so far (a replayed code reaches the provider). */
  tokenRequests: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface IdentityProviderOptions {
  host?: '127.0.0.1' | 'localhost';
  port: number;
  /** The console origins whose redirect URIs are registered for the client. */
  consoleOrigins: string[];
  accounts?: Record<string, TestAccount>;
}

export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<TestIdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const issuer = `http://${host}:${options.port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'test-signing-key',
    alg: 'RS256',
    use: 'sig',
  };
  const foreign = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  let forge: ForgeOptions | null = null;

  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: options.consoleOrigins.map(
          (origin) => `${origin}/api/session/identity-provider/callback`,
        ),
        post_logout_redirect_uris: options.consoleOrigins.map((origin) => `${origin}/sign-in`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    // The claims of the scopes go into the ID token too (as most company providers do for groups).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.email_verified ?? true,
            given_name: account.given_name,
            family_name: account.family_name,
            groups: account.groups ?? [],
          };
        },
      };
    },
    // First-party client: grant what it asks without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const result: TestIdentityProvider = {
    issuer,
    accounts,
    tokenRequests: 0,
    forgeNextIdToken(next) {
      forge = next;
    },
    stop,
    start,
    close: stop,
  };

  provider.use(async (ctx, next) => {
    if (ctx.path === '/token') result.tokenRequests += 1;
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !forge || !body?.id_token) return;
    const { claims, foreignKey } = forge;
    forge = null;
    body.id_token = await new SignJWT(claims(decodeJwt(body.id_token)))
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
      .sign(foreignKey ? foreign : privateKey);
  });

  let server: Server | null = null;
  async function start(): Promise<void> {
    const listening = createServer(provider.callback());
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port, host === 'localhost' ? '127.0.0.1' : host, () => resolve());
    });
    server = listening;
    if ((listening.address() as AddressInfo).port !== options.port)
      throw new Error('the test provider is not on its port');
  }
  async function stop(): Promise<void> {
    const stopping = server;
    server = null;
    if (!stopping) return;
    stopping.closeAllConnections();
    await new Promise<void>((resolve) => stopping.close(() => resolve()));
  }
  await start();
  return result;
}

/** A tiny cookie jar for one origin: what a browser keeps between redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

/**
 * At the provider: follows the authorization URL, signs in as `login` on the development form, and
 * returns the redirect back to the console (the callback URL with code and state), without following it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  let response = await go(authorizationUrl);
  const base = new URL(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (!location) break;
    const next = new URL(location, base);
    if (next.origin !== base.origin) return next;
    if (next.pathname.startsWith('/interaction/')) {
      await go(next.href);
      response = await go(next.href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
    } else response = await go(next.href);
  }
  throw new Error(`the provider did not send the browser back (status ${response.status})`);
}
