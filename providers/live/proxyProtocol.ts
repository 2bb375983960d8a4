/** The subprotocol Earshot's own WebSocket clients speak (the proxy and `/ws/app`). */
export const earshotProtocol = 'earshot';

/**
 * Clients present the per-launch secret as a second subprotocol, `earshot-secret.<secret>`: a
 * browser cannot set headers on a WebSocket, and a URL would put the secret in logs.
 */
export const secretProtocolPrefix = 'earshot-secret.';

export function earshotProtocols(launchSecret: string): string[] {
  return [earshotProtocol, `${secretProtocolPrefix}${launchSecret}`];
}
