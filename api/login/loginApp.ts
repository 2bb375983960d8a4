import { Hono } from 'hono';
import { loginPath, type OwnerAccess } from './ownerAccess.ts';
import { signedOutPage } from './signedOutPage.ts';
import { signInPage } from './signInPage.ts';

/**
 * `GET /login?token=…`: a one-time login token becomes a browser session, the cookie and the page
 * key, and the browser goes on to the app at a clean URL (`/`), so the token stays out of the
 * address bar and history. A used, expired or unknown token gets the page that says how to get a
 * new link.
 */
export function createLoginApp(owner: OwnerAccess): Hono {
  const app = new Hono();
  app.get(loginPath, (context) => {
    const signIn = owner.logIn(context.req.query('token'));
    return signIn === undefined ? signedOutPage('link-refused') : signInPage(signIn);
  });
  return app;
}
