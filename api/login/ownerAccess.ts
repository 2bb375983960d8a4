import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'hono/utils/cookie';
import { extractBearerToken } from '../bearerToken.ts';
import { createSecret, matchesDigest, secretDigest } from './secretTokens.ts';
import { ExpiringSecrets } from './expiringSecrets.ts';
import { pageKeyHeader } from './pageKey.ts';

export const loginPath = '/login';
/** Long enough to switch from the terminal to the browser, short enough that an old link is dead. */
export const loginTokenLifetimeMs = 10 * 60_000;
/** A browser stays signed in for a week at most (and never past a restart of the service). */
export const browserSessionLifetimeMs = 7 * 24 * 60 * 60_000;
/** Far more than one person opens at once; past it the oldest is forgotten, so memory stays bounded. */
const keptAtMost = 100;

/** What a request without an owner's credential is told, on the control channel and on an upgrade. */
export const notSignedInMessage =
  'Not signed in. To open the app, run "earshot open" (or use the link "earshot serve" printed); ' +
  'programs send the launch secret of the running service (see launch.secret).';

/** How a request proved that it comes from the owner of the service. */
export type OwnerCredential = 'launch-secret' | 'browser-session';

/** What a used login token gives the browser: its session cookie, and its page key for its script. */
export interface BrowserSignIn {
  /** The `Set-Cookie` value. */
  cookie: string;
  pageKey: string;
}

/** Node and Hono give header names in lower case. */
const pageKeyHeaderName = pageKeyHeader.toLowerCase() as Lowercase<typeof pageKeyHeader>;

/** The request headers that can hold an owner's credential. */
export type CredentialHeaders = { authorization?: string; cookie?: string } & {
  [name in typeof pageKeyHeaderName]?: string;
};

export interface OwnerAccessOptions {
  launchSecret: string;
  /** The port is part of the cookie's name and is known only once the server listens. */
  getPort: () => number;
  now?: () => number;
}

/**
 * Who may use the service: its owner, the user who can read `<dataDir>/launch.secret`. The CLI and
 * the desktop shell's main process present that secret; the owner's browser presents a session
 * cookie together with its page key (see pageKey.ts), both of which it gets by opening a one-time
 * login URL that only the owner can have (printed by `earshot serve`, or minted with the launch
 * secret by `earshot open`). Nothing the service serves without one of these carries either.
 */
export class OwnerAccess {
  private readonly options: OwnerAccessOptions;
  private readonly launchSecretDigest: Buffer;
  private readonly loginTokens: ExpiringSecrets;
  /** Each session keeps the digest of its page key beside it. */
  private readonly browserSessions: ExpiringSecrets<Buffer>;

  constructor(options: OwnerAccessOptions) {
    this.options = options;
    this.launchSecretDigest = secretDigest(options.launchSecret);
    this.loginTokens = new ExpiringSecrets({
      lifetimeMs: loginTokenLifetimeMs,
      capacity: keptAtMost,
      now: options.now,
    });
    this.browserSessions = new ExpiringSecrets<Buffer>({
      lifetimeMs: browserSessionLifetimeMs,
      capacity: keptAtMost,
      now: options.now,
    });
  }

  /**
   * Browsers do not keep cookies apart by port, so two services on one host (two data directories,
   * or another user's) must use different names, or each would overwrite the other's.
   */
  get cookieName(): string {
    return `earshot-session-${this.options.getPort()}`;
  }

  /** A one-time login URL for the browser of the service at `baseUrl`. */
  mintLoginUrl(baseUrl: string): string {
    return `${baseUrl}${loginPath}?token=${this.loginTokens.issue()}`;
  }

  /**
   * Uses up a login token: a new browser session, as its `Set-Cookie` value and its page key, or
   * undefined for a token that was never minted, was used already or has expired.
   */
  logIn(token: string | undefined): BrowserSignIn | undefined {
    if (!this.loginTokens.consume(token)) return undefined;
    const pageKey = createSecret();
    const cookie = serialize(this.cookieName, this.browserSessions.issue(secretDigest(pageKey)), {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: browserSessionLifetimeMs / 1000,
    });
    return { cookie, pageKey };
  }

  isLaunchSecret(presented: string | undefined): boolean {
    return presented !== undefined && matchesDigest(presented, this.launchSecretDigest);
  }

  /**
   * Whether a `Cookie` header holds one of this run's browser sessions. The cookie alone is not the
   * owner (any server on another port of this host may have been sent it): this only decides whether
   * a browser gets the app's page, which holds no secret, or the page that says how to sign in.
   */
  hasSessionCookie(cookieHeader: string | undefined): boolean {
    return this.browserSessions.isValid(this.sessionIn(cookieHeader));
  }

  /** Whether a `Cookie` header holds one of this run's browser sessions and `pageKey` is its key. */
  hasBrowserSession(cookieHeader: string | undefined, pageKey: string | undefined): boolean {
    const pageKeyDigest = this.browserSessions.attachmentOf(this.sessionIn(cookieHeader));
    return pageKeyDigest !== undefined && pageKey !== undefined && matchesDigest(pageKey, pageKeyDigest);
  }

  /**
   * The owner's credential a request carries: the launch secret as a Bearer token, or a session
   * cookie with its page key in the `X-Earshot-Page-Key` header.
   */
  credentialOf(headers: CredentialHeaders): OwnerCredential | undefined {
    if (this.isLaunchSecret(extractBearerToken(headers.authorization))) return 'launch-secret';
    return this.hasBrowserSession(headers.cookie, headers[pageKeyHeaderName]) ? 'browser-session' : undefined;
  }

  /**
   * A key that lets this browser session fetch one path without its page key: for the app's
   * `<audio>` element, which cannot send headers. It is bound to the session (useless without its
   * cookie, dead when the session ends) and to that path alone, and gives read access to it only;
   * the route that hands it out requires the page key. Undefined without a valid session cookie.
   */
  mediaKeyFor(cookieHeader: string | undefined, path: string): string | undefined {
    const pageKeyDigest = this.browserSessions.attachmentOf(this.sessionIn(cookieHeader));
    if (pageKeyDigest === undefined) return undefined;
    return createHmac('sha256', pageKeyDigest).update(`media:${path}`).digest('base64url');
  }

  /** Whether `key` is the media key of this browser session for `path` (see mediaKeyFor). */
  hasMediaKey(cookieHeader: string | undefined, path: string, key: string | undefined): boolean {
    const expected = this.mediaKeyFor(cookieHeader, path);
    if (expected === undefined || key === undefined || key.length !== expected.length) return false;
    return timingSafeEqual(Buffer.from(key), Buffer.from(expected));
  }

  private sessionIn(cookieHeader: string | undefined): string | undefined {
    if (cookieHeader === undefined) return undefined;
    return parse(cookieHeader, this.cookieName)[this.cookieName];
  }
}
