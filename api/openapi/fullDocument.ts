import { buildOpenApiDocument, type OpenApiDocument } from '../openapi.ts';
import { errorSchemaId } from '../schemas.ts';
import { inlineSchema } from './documentFragments.ts';
import { mcpPath } from '../mcp/mcpRoute.ts';
import { mcpPathItem, mcpTag } from './mcpOperation.ts';
import { ownerSecuritySchemes } from './ownerSecurity.ts';
import { confirmationRequiredErrorSchema } from './privateAnswerSchemas.ts';
import { privatePathItems, privateTag } from './privatePaths.ts';

/**
 * The record of every route the service answers with JSON, and what each needs: the public REST
 * API exactly as `/api/v1/openapi.json` states it (its paths under their full prefix), the MCP
 * endpoint (its token or the launch secret), and the private routes, served to the owner only at
 * `/control/v1/openapi.json`. `cookieName` is the owner's session cookie, whose name carries the port.
 */
export function buildFullOpenApiDocument(version: string, cookieName: string): OpenApiDocument {
  const publicDocument = buildOpenApiDocument(version);
  const publicPrefix = publicDocument.servers[0]?.url ?? '';
  return {
    openapi: publicDocument.openapi,
    jsonSchemaDialect: publicDocument.jsonSchemaDialect,
    info: {
      title: 'Earshot local service: REST API and private routes',
      version,
      description:
        `The read-only REST API under ${publicPrefix} (its API token), the MCP endpoint ${mcpPath} (the ` +
        'same token, or the launch secret), and the routes of the Earshot ' +
        `app and CLI, tagged "${privateTag}": they need the owner's launch secret, or the browser's ` +
        'session cookie with its page key. They may change with any release. Every error body is ' +
        '{"error": message, "code": machine code}. Requests must be addressed to the loopback host and ' +
        'port the server listens on, and must not come from a web page of another origin.',
    },
    servers: [{ url: '/' }],
    security: publicDocument.security,
    tags: [
      { name: privateTag, description: "The app's and the CLI's routes, for the owner only" },
      { name: mcpTag, description: 'The MCP server for AI assistants (docs/mcp.md)' },
    ],
    paths: {
      ...Object.fromEntries(
        Object.entries(publicDocument.paths).map(([path, item]) => [publicPrefix + path, item]),
      ),
      ...mcpPathItem(),
      ...privatePathItems(),
    },
    components: {
      schemas: {
        ...publicDocument.components.schemas,
        // The REST API never answers this code; the provider settings route adds the host to confirm.
        [errorSchemaId('confirmation_required')]: inlineSchema(confirmationRequiredErrorSchema, 'output'),
      },
      securitySchemes: { ...publicDocument.components.securitySchemes, ...ownerSecuritySchemes(cookieName) },
    },
  };
}
