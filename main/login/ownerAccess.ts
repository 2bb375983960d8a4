import { parse, serialize } from 'hono/utils/cookie';
import { matchesSecret } from '../launchSecret.ts';
import { ExpiringSecrets } from './expiringSecrets.ts';

export const loginPath = '/login';
/** Long enough to switch from the terminal to the browser, short enough that an old link is dead. */
export const loginTokenLifetimeMs = 10 * 60_000;
/** A browser stays signed in for a week at most (and never past a restart of the service). */
export const browserSessionLifetimeMs = 7 * 24 * 60 * 60_000;
/** Far more than one person opens at once; past it the oldest is forgotten, so memory stays bounded. */
const keptAtMost = 100;

/** How a request proved that it comes from the owner of the service. */
export type OwnerCredential = 'launch-secret' | 'browser-session';

export interface OwnerAccessOptions {
  launchSecret: string;
  /** The port is part of the cookie's name and is known only once the server listens. */
  getPort: () => number;
  now?: () => number;
}

/**
 * Who may use the service: its owner, the user who can read `<dataDir>/launch.secret`. The CLI and
 * the desktop shell's main process present that secret; the owner's browser presents a session
 * cookie, which it gets by opening a one-time login URL that only the owner can have (printed by
 * `earshot serve`, or minted with the launch secret by `earshot open`). Nothing the service serves
 * without one of these carries either.
 */
export class OwnerAccess {
  private readonly options: OwnerAccessOptions;
  private readonly loginTokens: ExpiringSecrets;
  private readonly browserSessions: ExpiringSecrets;

  constructor(options: OwnerAccessOptions) {
    this.options = options;
    this.loginTokens = new ExpiringSecrets({
      lifetimeMs: loginTokenLifetimeMs,
      capacity: keptAtMost,
      now: options.now,
    });
    this.browserSessions = new ExpiringSecrets({
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
   * Uses up a login token: the `Set-Cookie` value of a new browser session, or undefined for a token
   * that was never minted, was used already or has expired.
   */
  logIn(token: string | undefined): string | undefined {
    if (!this.loginTokens.consume(token)) return undefined;
    return serialize(this.cookieName, this.browserSessions.issue(), {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: browserSessionLifetimeMs / 1000,
    });
  }

  isLaunchSecret(presented: string | undefined): boolean {
    return presented !== undefined && matchesSecret(presented, this.options.launchSecret);
  }

  /** Whether a `Cookie` header holds one of this run's browser sessions. */
  hasBrowserSession(cookieHeader: string | undefined): boolean {
    if (cookieHeader === undefined) return false;
    return this.browserSessions.isValid(parse(cookieHeader, this.cookieName)[this.cookieName]);
  }

  /** The owner's credential a request carries: the launch secret as a Bearer token, or a session cookie. */
  credentialOf(headers: { authorization?: string; cookie?: string }): OwnerCredential | undefined {
    const bearer = /^Bearer (\S+)$/i.exec(headers.authorization ?? '')?.[1];
    if (this.isLaunchSecret(bearer)) return 'launch-secret';
    return this.hasBrowserSession(headers.cookie) ? 'browser-session' : undefined;
  }
}
