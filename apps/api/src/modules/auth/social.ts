/**
 * Social sign-in: verifies a provider's token against that provider's own endpoints (taken from config)
 * and returns who it belongs to. Google and Apple speak OpenID Connect; Facebook, the Graph API.
 *
 * Errors: a token the provider does not vouch for (bad signature, expired, for another app, unknown code)
 * is `social_token_invalid` (422); a provider that does not answer in time, answers 5xx or answers
 * nonsense is `provider_unavailable` (502). A provider without credentials in config refuses every token.
 */
import { createHmac } from 'node:crypto';
import type { SocialProvider } from '@cubierto/contracts';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

export type SocialProfile = {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  name: string | null;
};

export type SocialVerifier = {
  verify(provider: SocialProvider, token: string): Promise<SocialProfile>;
  /** Facebook's OAuth code → access token exchange (the web redirect flow). */
  exchangeFacebookCode(code: string, redirectUri: string): Promise<{ access_token: string }>;
};

export type SocialVerifierOptions = {
  /** Limit for each call to a provider (discovery, keys, Graph). */
  timeoutMs?: number;
  /** How long a discovery document is reused before it is fetched again. */
  discoveryTtlMs?: number;
};

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_DISCOVERY_TTL_MS = 60 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = 60 * 1000;
/** Only public-key signatures: an ID token signed with a shared secret (or none) is never accepted. */
const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
/** jose error codes that mean "the provider's keys could not be obtained", not "the token is bad". */
const JWKS_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);
/** Graph error codes that are Facebook's trouble (unknown/service error, rate limits), not the token's. */
const GRAPH_TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

const LABELS: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };

const DiscoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
});

const GraphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    is_transient: z.boolean().optional(),
  }),
});

const DebugTokenSchema = z.object({
  data: z.object({
    is_valid: z.boolean().optional(),
    app_id: z.union([z.string(), z.number()]).optional(),
    user_id: z.union([z.string(), z.number()]).optional(),
  }),
});

const GraphMeSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().optional(),
  email: z.string().optional(),
});

const AccessTokenSchema = z.object({ access_token: z.string().min(1) });

type OidcIssuer = {
  discovery: z.infer<typeof DiscoverySchema>;
  jwks: JWTVerifyGetKey;
  loadedAt: number;
};

function notConfigured(provider: SocialProvider): AppError {
  return new AppError('social_token_invalid', {
    message: `El inicio de sesión con ${LABELS[provider]} no está configurado.`,
  });
}

function invalid(cause?: unknown): AppError {
  return new AppError('social_token_invalid', { cause });
}

function unavailable(cause?: unknown): AppError {
  return new AppError('provider_unavailable', { cause });
}

/** A compact JWS (header.payload.signature) whose header decodes; anything else is treated as opaque. */
function looksLikeJwt(token: string): boolean {
  if (token.split('.').length !== 3) return false;
  try {
    decodeProtectedHeader(token);
    return true;
  } catch {
    return false;
  }
}

/** Apple sends `email_verified` as the string "true"; Google as a boolean. */
function verifiedEmail(claims: Record<string, unknown>): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && typeof claims.email === 'string' && claims.email.length > 0 ? claims.email : null;
}

/** Client ids may be listed separated by commas (one per platform: web, Android, iOS). */
function clientIds(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

export function createSocialVerifier(
  config: Config['social'],
  options: SocialVerifierOptions = {},
): SocialVerifier {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const discoveryTtlMs = options.discoveryTtlMs ?? DEFAULT_DISCOVERY_TTL_MS;
  const issuers = new Map<string, { value?: OidcIssuer | undefined; pending?: Promise<OidcIssuer> }>();

  /** A GET with the time limit; a network failure or time-out is the provider's fault, not the token's. */
  async function request(url: string | URL, headers: Record<string, string> = {}): Promise<Response> {
    try {
      return await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', ...headers },
      });
    } catch (error) {
      throw unavailable(error);
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw unavailable(error);
    }
  }

  // ── OpenID Connect (Google, Apple) ──────────────────────────────────────────────────────────────

  async function fetchIssuer(issuer: string, previous: OidcIssuer | undefined): Promise<OidcIssuer> {
    const response = await request(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    if (!response.ok) throw unavailable(new Error(`discovery answered ${response.status}`));
    const parsed = DiscoverySchema.safeParse(await readJson(response));
    if (!parsed.success) throw unavailable(parsed.error);
    const discovery = parsed.data;
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched from.
    if (discovery.issuer.replace(/\/+$/, '') !== issuer.replace(/\/+$/, ''))
      throw unavailable(new Error(`discovery names issuer ${discovery.issuer}`));
    const jwks =
      previous && previous.discovery.jwks_uri === discovery.jwks_uri
        ? previous.jwks
        : createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: timeoutMs });
    return { discovery, jwks, loadedAt: Date.now() };
  }

  /**
   * Discovery and key set per issuer, shared by concurrent requests and reused for discoveryTtlMs. When a
   * refresh fails, the last good document keeps serving and the refresh is retried a minute later.
   */
  async function loadIssuer(issuer: string): Promise<OidcIssuer> {
    const entry = issuers.get(issuer);
    if (entry?.pending) return entry.pending;
    const previous = entry?.value;
    if (previous && Date.now() - previous.loadedAt < discoveryTtlMs) return previous;
    const pending = fetchIssuer(issuer, previous).then(
      (value) => {
        issuers.set(issuer, { value });
        return value;
      },
      (error: unknown) => {
        if (!previous) {
          issuers.delete(issuer);
          throw error;
        }
        const retrySoon = { ...previous, loadedAt: Date.now() - discoveryTtlMs + RETRY_AFTER_FAILURE_MS };
        issuers.set(issuer, { value: retrySoon });
        return retrySoon;
      },
    );
    issuers.set(issuer, { value: previous, pending });
    return pending;
  }

  async function verifyIdToken(
    issuer: OidcIssuer,
    token: string,
    acceptedIssuers: string[],
    audience: string[],
  ): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, issuer.jwks, {
        issuer: acceptedIssuers,
        audience,
        algorithms: ID_TOKEN_ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      // OpenID Connect Core §3.1.3.7: with several audiences, the authorized party must be us.
      if (Array.isArray(payload.aud) && payload.aud.length > 1) {
        if (typeof payload.azp !== 'string' || !audience.includes(payload.azp)) throw invalid();
      }
      return payload;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('ERR_') && !JWKS_UNAVAILABLE.has(code)) {
        throw invalid(error);
      }
      throw unavailable(error);
    }
  }

  async function verifyOidc(provider: 'google' | 'apple', token: string): Promise<SocialProfile> {
    const { issuer, clientId } = config[provider];
    const audience = clientIds(clientId);
    if (audience.length === 0) throw notConfigured(provider);
    // Only ID tokens: an OAuth access token does not say which app it was issued to, so one obtained by
    // another site for the same person would sign in here (token substitution).
    if (!looksLikeJwt(token)) throw invalid();
    const discovered = await loadIssuer(issuer);
    // The issuer exactly as the provider spells it; Google also documents a bare-host iss ("accounts.google.com").
    const canonical = discovered.discovery.issuer;
    const acceptedIssuers =
      provider === 'google' ? [canonical, canonical.replace(/^https:\/\//, '')] : [canonical];
    const claims = await verifyIdToken(discovered, token, acceptedIssuers, audience);
    return {
      provider,
      subject: claims.sub!,
      email: verifiedEmail(claims),
      name: typeof claims.name === 'string' ? claims.name : null,
    };
  }

  // ── Facebook (Graph API) ────────────────────────────────────────────────────────────────────────

  function facebookCredentials(): { appId: string; appSecret: string } {
    const { appId, appSecret } = config.facebook;
    if (!appId || !appSecret) throw notConfigured('facebook');
    return { appId, appSecret };
  }

  /** GET {graphUrl}{path}?params; Graph's own errors become invalid (the token's) or unavailable (theirs). */
  async function graph(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${config.facebook.graphUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const response = await request(url);
    const body = await readJson(response).catch((error: unknown) => {
      if (response.ok) throw error;
      return undefined;
    });
    if (response.ok) return body;
    if (response.status >= 500) throw unavailable(new Error(`Graph answered ${response.status}`));
    const parsed = GraphErrorSchema.safeParse(body);
    if (!parsed.success) throw unavailable(new Error(`Graph answered ${response.status}`));
    const { code, is_transient: transient } = parsed.data.error;
    if (transient || (code !== undefined && GRAPH_TRANSIENT_CODES.has(code)))
      throw unavailable(parsed.data.error);
    throw invalid(parsed.data.error);
  }

  async function verifyFacebook(token: string): Promise<SocialProfile> {
    const { appId, appSecret } = facebookCredentials();
    const debug = DebugTokenSchema.safeParse(
      await graph('/debug_token', { input_token: token, access_token: `${appId}|${appSecret}` }),
    );
    if (!debug.success) throw unavailable(debug.error);
    const { is_valid: valid, app_id: tokenAppId, user_id: tokenUserId } = debug.data.data;
    // A valid token issued to another app must not sign anyone in here.
    if (valid !== true || String(tokenAppId) !== appId) throw invalid();
    const me = GraphMeSchema.safeParse(
      await graph('/me', {
        fields: 'id,name,email',
        access_token: token,
        appsecret_proof: createHmac('sha256', appSecret).update(token).digest('hex'),
      }),
    );
    if (!me.success) throw unavailable(me.error);
    if (tokenUserId !== undefined && String(tokenUserId) !== me.data.id) throw invalid();
    return {
      provider: 'facebook',
      subject: me.data.id,
      // Graph has no email_verified: it returns the primary e-mail only when the user granted the `email`
      // permission and Facebook holds a valid address for the profile.
      email: me.data.email || null,
      name: me.data.name ?? null,
    };
  }

  return {
    async verify(provider, token) {
      if (provider === 'facebook') return verifyFacebook(token);
      return verifyOidc(provider, token);
    },

    async exchangeFacebookCode(code, redirectUri) {
      const { appId, appSecret } = facebookCredentials();
      const parsed = AccessTokenSchema.safeParse(
        await graph('/oauth/access_token', {
          client_id: appId,
          client_secret: appSecret,
          redirect_uri: redirectUri,
          code,
        }),
      );
      if (!parsed.success) throw unavailable(parsed.error);
      return { access_token: parsed.data.access_token };
    },
  };
}
