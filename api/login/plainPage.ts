/**
 * The document around the service's own small pages (signed out, signing in): no app bundle, one
 * readable column, light or dark as the system is. With a nonce, its style (and so the page's one
 * inline script) passes a CSP that allows nothing else.
 */
export function plainPageHtml(page: { title: string; body: string; nonce?: string }): string {
  const nonceAttribute = page.nonce === undefined ? '' : ` nonce="${page.nonce}"`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>${page.title}</title>
    <style${nonceAttribute}>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }</style>
  </head>
  <body>
${page.body}
  </body>
</html>
`;
}
