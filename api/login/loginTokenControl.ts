import { Hono } from 'hono';
import type { ServiceAddress } from '../control/controlApp.ts';
import { errorResponse } from '../responses.ts';
import type { OwnerAccess } from './ownerAccess.ts';

/**
 * `POST /login-tokens` (under `/control/v1`, behind the owner check): a fresh one-time login URL,
 * for `earshot open` and the desktop shell. Only a holder of the launch secret may mint one: a
 * browser session that could would never have to end.
 */
export function createLoginTokenControl(dependencies: {
  owner: OwnerAccess;
  address: () => ServiceAddress;
}): Hono {
  const { owner, address } = dependencies;
  const app = new Hono();
  app.post('/login-tokens', (context) => {
    if (owner.credentialOf(context.req.header()) !== 'launch-secret') {
      return errorResponse(
        'launch_secret_required',
        'Only the earshot CLI and the desktop shell, which hold the launch secret, can make a sign-in link.',
      );
    }
    return Response.json(
      { url: owner.mintLoginUrl(address().baseUrl) },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    );
  });
  return app;
}
