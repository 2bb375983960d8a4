import type { RunningService } from '../../main/service.ts';

/**
 * Signs in as the owner's browser does: opens a fresh one-time login link and keeps the session
 * cookie the service sets. Returns the `Cookie` header a browser would send back.
 */
export async function signIn(service: Pick<RunningService, 'mintLoginUrl'>): Promise<string> {
  const response = await fetch(service.mintLoginUrl(), { redirect: 'manual' });
  await response.body?.cancel();
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 303 || cookie === undefined) {
    throw new Error(`The login link answered ${response.status} without a session cookie.`);
  }
  return cookie;
}
