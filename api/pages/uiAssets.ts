import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import type { OwnerAccess } from '../login/ownerAccess.ts';
import { signedOutPage } from '../login/signedOutPage.ts';
import { pageSecurityHeaders } from './pageSecurityHeaders.ts';

/** Where `npm run build:ui` puts the built UI. */
export const builtUiDirectory = fileURLToPath(new URL('../../ui/dist/', import.meta.url));

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Serves the built UI at `/` to the owner's browser, the one with a session cookie (a navigation
 * cannot carry the page key); any other browser gets the page that says how to sign in. The page
 * and its assets hold no secret: the UI reaches `/ws/app` and the control channel with the cookie,
 * which scripts cannot read (HttpOnly), and the page key the sign-in page left in this origin's
 * storage. Built assets have content hashes in their names and are cached for good; the page
 * itself never is.
 */
export function createUiApp(options: {
  owner: Pick<OwnerAccess, 'hasSessionCookie'>;
  directory?: string;
}): Hono {
  const directory = options.directory ?? builtUiDirectory;
  const app = new Hono();
  const page = async (context: Context) => {
    if (!options.owner.hasSessionCookie(context.req.header('cookie'))) return signedOutPage('not-signed-in');
    const html = await readFile(join(directory, 'index.html'), 'utf8').catch(() => undefined);
    if (html === undefined) {
      return new Response(
        'The Earshot UI has not been built. Run `npm run build:ui` (npm start does it for you), then reload.',
        {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        },
      );
    }
    return new Response(html, {
      headers: {
        'Content-Type': contentTypes['.html']!,
        'Cache-Control': 'no-store',
        ...pageSecurityHeaders,
      },
    });
  };
  app.get('/', page);
  app.get('/index.html', page);
  app.get('/assets/*', async (context) => {
    const relative = normalize(decodeURIComponent(context.req.path).slice(1));
    const path = join(directory, relative);
    if (!path.startsWith(join(directory, 'assets') + sep)) return context.notFound();
    const body = await readFile(path).catch(() => undefined);
    if (body === undefined) return context.notFound();
    return new Response(body, {
      headers: {
        'Content-Type': contentTypes[extname(path)] ?? 'application/octet-stream',
        'Cache-Control': 'public, max-age=31536000, immutable',
        ...pageSecurityHeaders,
      },
    });
  });
  return app;
}
