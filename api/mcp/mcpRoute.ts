import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { apiAccessRefusal } from '../accessGuard.ts';
import { extractBearerToken } from '../bearerToken.ts';
import type { ApiAccess } from '../dependencies.ts';
import { errorResponse } from '../responses.ts';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { createEarshotMcpServer } from './earshotMcpServer.ts';

export const mcpPath = '/mcp';

/** A request of any kind bigger than this is refused unread: a JSON-RPC call is a few hundred bytes. */
const largestRequestBytes = 1024 * 1024;

/**
 * The Streamable HTTP endpoint of the MCP server, stateless: every POST gets a fresh server and
 * transport, answered with plain JSON, since no tool streams or calls back. Behind the REST API's
 * switch and token (the same refusals and bodies); the owner's launch secret is let through
 * whatever the switch, since `earshot mcp` bridges to it and its user could read the data
 * directory anyway.
 */
export function createMcpApp(options: {
  access: ApiAccess;
  isLaunchSecret: (presented: string | undefined) => boolean;
  library: () => EarshotLibrary;
}): Hono {
  const app = new Hono();
  // `/mcp/*` covers `/mcp` itself too.
  app.use(`${mcpPath}/*`, async (context, next) => {
    const authorization = context.req.header('authorization');
    if (options.isLaunchSecret(extractBearerToken(authorization))) return next();
    const refusal = apiAccessRefusal(options.access, authorization);
    if (refusal !== undefined) {
      return errorResponse(refusal.code, refusal.message, { headers: refusal.headers });
    }
    return next();
  });
  app.post(mcpPath, async (context) => {
    const server = createEarshotMcpServer(options.library());
    const transport = new WebStandardStreamableHTTPServerTransport({
      enableJsonResponse: true,
      maxRequestBodySize: largestRequestBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(context.req.raw);
    } finally {
      await server.close();
    }
  });
  app.all(`${mcpPath}/*`, (context) =>
    context.req.path === mcpPath
      ? errorResponse(
          'method_not_allowed',
          'The MCP endpoint takes JSON-RPC messages by POST only; it keeps no sessions and pushes no events.',
          { headers: { Allow: 'POST' } },
        )
      : errorResponse('not_found', `Nothing is served at this path. The MCP endpoint is ${mcpPath}.`),
  );
  return app;
}
