import { describe, expect, it } from 'vitest';
import { runtimePageHash } from '../../providers/whisper-cpp/runtimePage.ts';
import { hashOf, routeFromHash } from './route.ts';

describe('routes', () => {
  it('opens the runtime settings at the address the service names in its messages', () => {
    expect(hashOf({ page: 'settings', section: 'runtime' })).toBe(runtimePageHash);
    expect(routeFromHash(runtimePageHash)).toEqual({ page: 'settings', section: 'runtime' });
  });

  it('names a moment of a session in seconds, and reads it back', () => {
    const hash = hashOf({ page: 'session', sessionId: 'a b', atMs: 65_400 });
    expect(hash).toBe('#/sessions/a%20b?t=65.4');
    expect(routeFromHash(hash)).toEqual({ page: 'session', sessionId: 'a b', atMs: 65_400 });
    expect(routeFromHash('#/sessions/a%20b')).toEqual({ page: 'session', sessionId: 'a b' });
    expect(routeFromHash('#/sessions/a%20b?t=soon')).toEqual({ page: 'session', sessionId: 'a b' });
    expect(routeFromHash('#/sessions/a%20b?t=')).toEqual({ page: 'session', sessionId: 'a b' });
  });

  it('opens a provider’s form in Settings, as the app’s error messages link to it', () => {
    const hash = hashOf({ page: 'settings', section: 'providers', provider: 'openai-compatible' });
    expect(hash).toBe('#/settings/providers/openai-compatible');
    expect(routeFromHash(hash)).toEqual({
      page: 'settings',
      section: 'providers',
      provider: 'openai-compatible',
    });
    expect(routeFromHash('#/settings/providers')).toEqual({ page: 'settings', section: 'providers' });
  });

  it('gives each step of the setup an address, so it can be left and continued', () => {
    expect(routeFromHash(hashOf({ page: 'setup' }))).toEqual({ page: 'setup' });
    expect(routeFromHash(hashOf({ page: 'setup', providerId: 'deepgram', step: 'settings' }))).toEqual({
      page: 'setup',
      providerId: 'deepgram',
      step: 'settings',
    });
    expect(hashOf({ page: 'setup', providerId: 'deepgram', step: 'record' })).toBe('#/setup/deepgram/record');
    expect(routeFromHash('#/setup/deepgram/record')).toEqual({
      page: 'setup',
      providerId: 'deepgram',
      step: 'record',
    });
  });

  it('opens the captions of whatever records, of one session, or as the desktop overlay', () => {
    expect(hashOf({ page: 'captions' })).toBe('#/captions');
    expect(routeFromHash('#/captions')).toEqual({ page: 'captions' });
    const oneSession = hashOf({ page: 'captions', sessionId: 'a b' });
    expect(oneSession).toBe('#/captions/a%20b');
    expect(routeFromHash(oneSession)).toEqual({ page: 'captions', sessionId: 'a b' });
    expect(hashOf({ page: 'captions', overlay: true })).toBe('#/captions?overlay');
    expect(routeFromHash('#/captions?overlay')).toEqual({ page: 'captions', overlay: true });
  });
});
