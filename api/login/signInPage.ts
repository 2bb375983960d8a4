import { createScriptNonce, inlinePageSecurityHeaders } from '../pages/pageSecurityHeaders.ts';
import type { BrowserSignIn } from './ownerAccess.ts';
import { pageKeyStorageName } from './pageKey.ts';
import { plainPageHtml } from './plainPage.ts';

/**
 * The answer to a login link that worked: it sets the session cookie, and its one inline script
 * puts the page key in localStorage, where only this origin's pages can read it, then replaces the
 * address, token and all, with `/`, so the token stays out of the address bar and history. That
 * navigation starts on our own page, so it carries the SameSite=Strict cookie even when the link
 * was followed from another site. The page is never stored (no-store) and sends no Referer.
 */
export function signInPage(signIn: BrowserSignIn): Response {
  const nonce = createScriptNonce();
  const html = plainPageHtml({
    title: 'Earshot: signing in',
    nonce,
    body: `    <main>
      <h1>Signing in to Earshot…</h1>
      <noscript><p>Earshot needs JavaScript. Turn it on for this address, then run <code>earshot open</code>
        for a new sign-in link: this one has been used.</p></noscript>
      <p id="storage-blocked" hidden>This browser does not let this address keep site data, which
        signing in needs. Allow it, then run <code>earshot open</code> for a new sign-in link.</p>
    </main>
    <script nonce="${nonce}" data-page-key="${signIn.pageKey}">
      try {
        localStorage.setItem('${pageKeyStorageName}', document.currentScript.dataset.pageKey);
        location.replace('/');
      } catch {
        document.getElementById('storage-blocked').hidden = false;
      }
    </script>`,
  });
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Set-Cookie': signIn.cookie,
      ...inlinePageSecurityHeaders(nonce),
    },
  });
}
