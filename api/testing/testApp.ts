import type { Hono } from 'hono';

import { ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { createApiApp } from '../app.ts';
import { EventFollowers } from '../events/eventFollowers.ts';
import type { ApiDependencies, LiveStatus } from '../dependencies.ts';
import { createFakeSessionReader, type FakeSessionReader } from './fakeSessionReader.ts';

export const validToken = 'earshot_Test-token.0123456789~abc';
export const testVersion = '9.8.7-test';
export const testTimeZone = 'Asia/Shanghai';

export const recordingStatus: LiveStatus = {
  recording: true,
  currentSessionId: 'session-live',
  currentProvider: 'p09',
};

export interface TestApp {
  app: Hono;
  store: FakeSessionReader;
  /** Tokens main was asked to verify, to prove the API never checks a token it did not extract. */
  verifiedTokens: string[];
  reportedErrors: unknown[];
}

export interface TestAppOptions extends Partial<ApiDependencies> {
  enabled?: boolean;
}

export function createTestApp(options: TestAppOptions = {}): TestApp {
  const { enabled = true, ...overrides } = options;
  const store = createFakeSessionReader();
  const verifiedTokens: string[] = [];
  const reportedErrors: unknown[] = [];
  const app = createApiApp({
    store,
    access: {
      isEnabled: () => enabled,
      verifyToken: (presented) => {
        verifiedTokens.push(presented);
        return presented === validToken;
      },
    },
    live: { getStatus: () => Promise.resolve(recordingStatus), liveClientCount: () => 3 },
    followers: new EventFollowers(new ServiceEventFeed()),
    version: testVersion,
    timeZone: testTimeZone,
    liveTimeoutMs: 200,
    reportError: (error) => reportedErrors.push(error),
    ...overrides,
  });
  return { app, store, verifiedTokens, reportedErrors };
}

export function withToken(token = validToken, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
  };
}

export async function getJson(
  app: Hono,
  path: string,
  init: RequestInit = withToken(),
): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await app.request(path, init);
  const body = (await response.json()) as Record<string, unknown>;
  return { response, body };
}
