import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';

/** Where `npm run build:ui` puts the built UI. */
export const builtUiDirectory = fileURLToPath(new URL('../ui/dist/', import.meta.url));

export const launchSecretMetaName = 'earshot-launch-secret';

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
 * The page may talk only to this service (HTTP and `/ws/app` are both 'self'), load only our own
 * scripts (the audio worklet included) and never be framed by another site.
 */
const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data: blob:; " +
    "media-src 'self' blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; " +
    "frame-ancestors 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Serves the built UI at `/`. The page carries this launch's secret in a meta tag, so the UI can
 * open `/ws/app` and the control channel; other sites cannot read it (no CORS, Host and Origin
 * checked before this runs), and it never appears in a URL. Built assets have content hashes in
 * their names and are cached for good; the page itself never is.
 */
export function createUiApp(options: { launchSecret: string; directory?: string }): Hono {
  const directory = options.directory ?? builtUiDirectory;
  const app = new Hono();
  const page = async () => {
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
    const meta = `<meta name="${launchSecretMetaName}" content="${options.launchSecret}">`;
    return new Response(html.replace('</head>', `${meta}</head>`), {
      headers: { 'Content-Type': contentTypes['.html']!, 'Cache-Control': 'no-store', ...securityHeaders },
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
        ...securityHeaders,
      },
    });
  });
  return app;
}
