import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ExpiringSecrets } from './expiringSecrets.ts';

vi.mock('node:crypto', { spy: true });

const minute = 60_000;

function secretsAt(clock: { now: number }, capacity = 10) {
  return new ExpiringSecrets({ lifetimeMs: 10 * minute, capacity, now: () => clock.now });
}

describe('ExpiringSecrets', () => {
  it('issues 32 random bytes, URL-safe, different each time', () => {
    const secrets = secretsAt({ now: 0 });
    const first = secrets.issue();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.issue()).not.toBe(first);
  });

  it('recognises what it issued and nothing else', () => {
    const secrets = secretsAt({ now: 0 });
    const issued = secrets.issue();
    expect(secrets.isValid(issued)).toBe(true);
    expect(secrets.isValid(issued)).toBe(true);
    expect(secrets.isValid(`${issued}x`)).toBe(false);
    expect(secrets.isValid('')).toBe(false);
    expect(secrets.isValid(undefined)).toBe(false);
  });

  it('keeps what a secret was issued with, for as long as the secret is valid', () => {
    const clock = { now: 0 };
    const secrets = new ExpiringSecrets<string>({
      lifetimeMs: 10 * minute,
      capacity: 10,
      now: () => clock.now,
    });
    const first = secrets.issue('first');
    const second = secrets.issue('second');
    expect(secrets.attachmentOf(first)).toBe('first');
    expect(secrets.attachmentOf(second)).toBe('second');
    expect(secrets.attachmentOf('made-up')).toBeUndefined();
    expect(secrets.attachmentOf(undefined)).toBeUndefined();
    clock.now += 10 * minute;
    expect(secrets.attachmentOf(first)).toBeUndefined();
  });

  it('lets a consumed secret work once', () => {
    const secrets = secretsAt({ now: 0 });
    const issued = secrets.issue();
    const other = secrets.issue();
    expect(secrets.consume(issued)).toBe(true);
    expect(secrets.consume(issued)).toBe(false);
    expect(secrets.isValid(issued)).toBe(false);
    expect(secrets.consume(other)).toBe(true);
  });

  it('refuses a secret once its lifetime is over', () => {
    const clock = { now: 1_000 };
    const secrets = secretsAt(clock);
    const issued = secrets.issue();
    clock.now += 10 * minute - 1;
    expect(secrets.isValid(issued)).toBe(true);
    clock.now += 1;
    expect(secrets.isValid(issued)).toBe(false);
    expect(secrets.consume(issued)).toBe(false);
  });

  it('keeps only digests, so nothing it holds is a secret it issued', () => {
    const secrets = secretsAt({ now: 0 });
    const issued = secrets.issue();
    expect(JSON.stringify(secrets)).not.toContain(issued);
    expect(JSON.stringify(secrets)).not.toContain(Buffer.from(issued, 'base64url').toString('hex'));
  });

  it('compares with every kept digest in constant time, even after a match', () => {
    const secrets = secretsAt({ now: 0 });
    const first = secrets.issue();
    secrets.issue();
    secrets.issue();
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    expect(secrets.isValid(first)).toBe(true);
    expect(compare).toHaveBeenCalledTimes(3);
    compare.mockClear();
    expect(secrets.isValid('short')).toBe(false);
    expect(compare).toHaveBeenCalledTimes(3);
  });

  it('forgets the oldest when more than its capacity are issued', () => {
    const secrets = secretsAt({ now: 0 }, 2);
    const oldest = secrets.issue();
    const middle = secrets.issue();
    const newest = secrets.issue();
    expect(secrets.isValid(oldest)).toBe(false);
    expect(secrets.isValid(middle)).toBe(true);
    expect(secrets.isValid(newest)).toBe(true);
  });

  it('knows nothing another instance issued (a restarted service forgets every secret)', () => {
    const before = secretsAt({ now: 0 });
    const issued = before.issue();
    expect(secretsAt({ now: 0 }).isValid(issued)).toBe(false);
  });
});
