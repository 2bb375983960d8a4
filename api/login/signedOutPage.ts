import { pageSecurityHeaders } from '../pages/pageSecurityHeaders.ts';
import { loginTokenLifetimeMs } from './ownerAccess.ts';
import { plainPageHtml } from './plainPage.ts';

const reasons = {
  'not-signed-in': 'Earshot is running, but this browser is not signed in to it.',
  'link-refused':
    'This sign-in link does not work: it has been used already, it is more than ' +
    `${loginTokenLifetimeMs / 60_000} minutes old, or it belongs to an earlier run of the service.`,
};

/**
 * A signed-in browser does not send its SameSite=Strict cookie on a navigation that another site
 * started (a link to the app in web mail or a chat; or, in a browser that counts the sign-in page's
 * own step to / as part of it, a sign-in link followed from there): it arrives here. A link on this
 * page starts a same-site navigation, which sends it; the page key is in this origin's storage already.
 */
const sameSiteRetry =
  '<p>Signed in already, and came here from a link on another web page? <a href="/">Open the app</a>.</p>';

/**
 * What a browser without a session gets instead of the app: how to sign in, and nothing else. It
 * is served to anyone who can reach the port, so it carries no secret, no script and no app bundle.
 */
export function signedOutPage(reason: keyof typeof reasons): Response {
  const html = plainPageHtml({
    title: 'Earshot: sign in',
    body: `    <main>
      <h1>Open Earshot</h1>
      <p>${reasons[reason]}</p>
      ${reason === 'not-signed-in' ? sameSiteRetry : ''}
      <p>To open the app, run <code>earshot open</code> (or <code>npm run earshot -- open</code>) in a
        terminal, as the user who runs the service: it opens a new sign-in link in your browser.</p>
      <p>Or use the link that <code>npm start</code> (<code>earshot serve</code>) printed after
        <q>Open the app:</q>.</p>
      <p>A sign-in link works once, within ${loginTokenLifetimeMs / 60_000} minutes. Signing in lasts
        until the service stops, for a week at most.</p>
    </main>`,
  });
  return new Response(html, {
    status: 401,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...pageSecurityHeaders,
    },
  });
}
