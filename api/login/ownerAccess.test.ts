import { describe, expect, it } from 'vitest';
import { browserSessionLifetimeMs, loginTokenLifetimeMs, OwnerAccess } from './ownerAccess.ts';

const launchSecret = 'the-launch-secret';
const baseUrl = 'http://127.0.0.1:23456';

function ownerAccess(clock = { now: 0 }) {
  return new OwnerAccess({ launchSecret, getPort: () => 23456, now: () => clock.now });
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

/** The `name=value` part of a Set-Cookie value, as a browser sends it back. */
function cookieHeaderOf(setCookie: string | undefined): string {
  return setCookie?.split(';')[0] ?? '';
}

/** Signs a browser in: the `Cookie` header it sends back, and the page key its script keeps. */
function signIn(owner: OwnerAccess): { cookie: string; pageKey: string } {
  const signedIn = owner.logIn(tokenOf(owner.mintLoginUrl(baseUrl)));
  return { cookie: cookieHeaderOf(signedIn?.cookie), pageKey: signedIn?.pageKey ?? '' };
}

describe('OwnerAccess', () => {
  it('mints a login URL on the service with a one-time token', () => {
    const url = ownerAccess().mintLoginUrl(baseUrl);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:23456\/login\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('turns a login token into a session cookie and a page key once, and only once', () => {
    const owner = ownerAccess();
    const token = tokenOf(owner.mintLoginUrl(baseUrl));
    const signedIn = owner.logIn(token);
    expect(signedIn?.cookie).toMatch(/^earshot-session-23456=[A-Za-z0-9_-]{43}; /);
    expect(signedIn?.pageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn?.cookie).not.toContain(signedIn?.pageKey);
    expect(owner.logIn(token)).toBeUndefined();
    expect(owner.logIn('made-up')).toBeUndefined();
    expect(owner.logIn(undefined)).toBeUndefined();
  });

  it('sets the cookie HttpOnly, SameSite=Strict, for the whole site, for a week at most', () => {
    const owner = ownerAccess();
    const attributes = (owner.logIn(tokenOf(owner.mintLoginUrl(baseUrl)))?.cookie ?? '').split('; ').slice(1);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Strict'].sort());
    expect(browserSessionLifetimeMs).toBe(604_800_000);
  });

  it('refuses a login token after ten minutes', () => {
    const clock = { now: 0 };
    const owner = ownerAccess(clock);
    const token = tokenOf(owner.mintLoginUrl(baseUrl));
    clock.now += loginTokenLifetimeMs;
    expect(owner.logIn(token)).toBeUndefined();
  });

  it('recognises its session cookie among others, until the session expires', () => {
    const clock = { now: 0 };
    const owner = ownerAccess(clock);
    const { cookie, pageKey } = signIn(owner);
    expect(owner.hasSessionCookie(`theme=dark; ${cookie}; earshot-session-23457=other`)).toBe(true);
    expect(owner.hasBrowserSession(`theme=dark; ${cookie}; earshot-session-23457=other`, pageKey)).toBe(true);
    expect(owner.hasSessionCookie(cookie.replace('23456', '23457'))).toBe(false);
    expect(owner.hasSessionCookie('earshot-session-23456=made-up')).toBe(false);
    expect(owner.hasSessionCookie(undefined)).toBe(false);
    clock.now += browserSessionLifetimeMs;
    expect(owner.hasSessionCookie(cookie)).toBe(false);
    expect(owner.hasBrowserSession(cookie, pageKey)).toBe(false);
  });

  it("takes a browser as the owner only with its session cookie and that session's page key", () => {
    const owner = ownerAccess();
    const first = signIn(owner);
    const second = signIn(owner);
    expect(owner.credentialOf({ cookie: first.cookie, 'x-earshot-page-key': first.pageKey })).toBe(
      'browser-session',
    );
    expect(owner.hasBrowserSession(second.cookie, second.pageKey)).toBe(true);
    expect(owner.credentialOf({ cookie: first.cookie })).toBeUndefined();
    expect(
      owner.credentialOf({ cookie: first.cookie, 'x-earshot-page-key': second.pageKey }),
    ).toBeUndefined();
    expect(owner.credentialOf({ cookie: first.cookie, 'x-earshot-page-key': '' })).toBeUndefined();
    expect(owner.credentialOf({ 'x-earshot-page-key': first.pageKey })).toBeUndefined();
    expect(owner.hasBrowserSession(first.cookie, undefined)).toBe(false);
    expect(owner.hasBrowserSession(undefined, first.pageKey)).toBe(false);
    expect(owner.hasBrowserSession(`earshot-session-23456=${first.pageKey}`, first.pageKey)).toBe(false);
  });

  it("takes a media key only for its path, with its session's cookie, while the session lasts", () => {
    const clock = { now: 0 };
    const owner = ownerAccess(clock);
    const first = signIn(owner);
    const second = signIn(owner);
    const path = '/control/v1/sessions/s1/audio';
    const key = owner.mediaKeyFor(first.cookie, path);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(owner.hasMediaKey(first.cookie, path, key)).toBe(true);
    expect(owner.hasMediaKey(first.cookie, '/control/v1/sessions/s2/audio', key)).toBe(false);
    expect(owner.hasMediaKey(second.cookie, path, key)).toBe(false);
    expect(owner.hasMediaKey(undefined, path, key)).toBe(false);
    expect(owner.hasMediaKey(first.cookie, path, undefined)).toBe(false);
    expect(owner.hasMediaKey(first.cookie, path, first.pageKey)).toBe(false);
    expect(owner.mediaKeyFor('earshot-session-23456=forged', path)).toBeUndefined();
    clock.now = browserSessionLifetimeMs + 1;
    expect(owner.hasMediaKey(first.cookie, path, key)).toBe(false);
  });

  it('takes the launch secret as a Bearer token, and nothing else as one', () => {
    const owner = ownerAccess();
    expect(owner.credentialOf({ authorization: `Bearer ${launchSecret}` })).toBe('launch-secret');
    expect(owner.credentialOf({ authorization: `bearer ${launchSecret}` })).toBe('launch-secret');
    expect(owner.credentialOf({ authorization: 'Bearer wrong' })).toBeUndefined();
    expect(owner.credentialOf({ authorization: launchSecret })).toBeUndefined();
    expect(owner.credentialOf({ cookie: `earshot-session-23456=${launchSecret}` })).toBeUndefined();
    expect(owner.credentialOf({})).toBeUndefined();
  });

  it('refuses the cookie and page key of a previous run (a new instance) of the service', () => {
    const before = ownerAccess();
    const { cookie, pageKey } = signIn(before);
    expect(before.hasBrowserSession(cookie, pageKey)).toBe(true);
    expect(ownerAccess().hasSessionCookie(cookie)).toBe(false);
    expect(ownerAccess().hasBrowserSession(cookie, pageKey)).toBe(false);
  });
});
