import { Hono } from 'hono';
import { pageSecurityHeaders } from '../pageSecurityHeaders.ts';
import { loginPath, type OwnerAccess } from './ownerAccess.ts';
import { signedOutPage } from './signedOutPage.ts';

/**
 * `GET /login?token=…`: a one-time login token becomes a browser session cookie, and the browser
 * goes on to the app at a clean URL (`/`), so the token stays out of the address bar and history.
 * A used, expired or unknown token gets the page that says how to get a new link.
 */
export function createLoginApp(owner: OwnerAccess): Hono {
  const app = new Hono();
  app.get(loginPath, (context) => {
    const cookie = owner.logIn(context.req.query('token'));
    if (cookie === undefined) return signedOutPage('link-refused');
    return new Response(null, {
      status: 303,
      headers: {
        Location: '/',
        'Set-Cookie': cookie,
        'Cache-Control': 'no-store',
        ...pageSecurityHeaders,
      },
    });
  });
  return app;
}
