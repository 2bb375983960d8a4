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

describe('OwnerAccess', () => {
  it('mints a login URL on the service with a one-time token', () => {
    const url = ownerAccess().mintLoginUrl(baseUrl);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:23456\/login\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('turns a login token into a session cookie once, and only once', () => {
    const owner = ownerAccess();
    const token = tokenOf(owner.mintLoginUrl(baseUrl));
    const cookie = owner.logIn(token);
    expect(cookie).toMatch(/^earshot-session-23456=[A-Za-z0-9_-]{43}; /);
    expect(owner.logIn(token)).toBeUndefined();
    expect(owner.logIn('made-up')).toBeUndefined();
    expect(owner.logIn(undefined)).toBeUndefined();
  });

  it('sets the cookie HttpOnly, SameSite=Strict, for the whole site, for a week at most', () => {
    const owner = ownerAccess();
    const attributes = (owner.logIn(tokenOf(owner.mintLoginUrl(baseUrl))) ?? '').split('; ').slice(1);
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
    const cookie = cookieHeaderOf(owner.logIn(tokenOf(owner.mintLoginUrl(baseUrl))));
    expect(owner.hasBrowserSession(`theme=dark; ${cookie}; earshot-session-23457=other`)).toBe(true);
    expect(owner.credentialOf({ cookie })).toBe('browser-session');
    expect(owner.hasBrowserSession(cookie.replace('23456', '23457'))).toBe(false);
    expect(owner.hasBrowserSession('earshot-session-23456=made-up')).toBe(false);
    expect(owner.hasBrowserSession(undefined)).toBe(false);
    clock.now += browserSessionLifetimeMs;
    expect(owner.hasBrowserSession(cookie)).toBe(false);
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

  it('refuses the cookie of a previous run (a new instance) of the service', () => {
    const before = ownerAccess();
    const cookie = cookieHeaderOf(before.logIn(tokenOf(before.mintLoginUrl(baseUrl))));
    expect(before.hasBrowserSession(cookie)).toBe(true);
    expect(ownerAccess().hasBrowserSession(cookie)).toBe(false);
  });
});
