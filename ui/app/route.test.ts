import { describe, expect, it } from 'vitest';
import { runtimePageHash } from '../../providers/whisper-cpp/runtimePage.ts';
import { hashOf, routeFromHash } from './route.ts';

describe('routes', () => {
  it('opens the runtime settings at the address the service names in its messages', () => {
    expect(hashOf({ page: 'settings', section: 'runtime' })).toBe(runtimePageHash);
    expect(routeFromHash(runtimePageHash)).toEqual({ page: 'settings', section: 'runtime' });
  });
});
