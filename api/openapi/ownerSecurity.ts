import { pageKeyHeader } from '../login/pageKey.ts';
import type { JsonObject } from './documentFragments.ts';

/**
 * How the owner proves who they are on the private routes (login/ownerAccess.ts): the launch
 * secret, or the browser's session cookie together with its page key. The cookie's name carries
 * the port, since browsers do not keep cookies apart by port.
 */
export function ownerSecuritySchemes(cookieName: string): Record<string, JsonObject> {
  return {
    launchSecret: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The launch secret of the running service, from <dataDir>/launch.secret (readable by its user ' +
        'only), sent as "Authorization: Bearer <secret>"; what the earshot CLI and the desktop shell use.',
    },
    browserSession: {
      type: 'apiKey',
      in: 'cookie',
      name: cookieName,
      description:
        'The session cookie a one-time login link (GET /login) sets. Never enough alone: any server on ' +
        'another port of this host may have been sent it.',
    },
    pageKey: {
      type: 'apiKey',
      in: 'header',
      name: pageKeyHeader,
      description:
        "The page key the sign-in page left in this origin's storage, bound to the session cookie; " +
        'no other origin can read it.',
    },
  };
}

/** Either scheme suffices: the launch secret alone, or the session cookie with its page key. */
export const ownerSecurity = [{ launchSecret: [] }, { browserSession: [], pageKey: [] }];
