import { mcpPath } from '../mcp/mcpRoute.ts';
import type { JsonObject } from './documentFragments.ts';
import { errorResponses, errorsOfEveryEndpoint } from './errorResponses.ts';

export const mcpTag = 'mcp';

/** Who may use `/mcp`: a program with the REST API's token, or the owner's own `earshot mcp`. */
export const mcpSecurity = [{ bearerAuth: [] }, { launchSecret: [] }];

const jsonRpcMessage: JsonObject = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    method: { type: 'string' },
    params: { type: 'object' },
    result: { type: 'object' },
    error: { type: 'object' },
  },
  description: 'A JSON-RPC 2.0 message of the Model Context Protocol',
};

/**
 * The MCP endpoint as the document describes it: not a REST resource but one POST that carries
 * JSON-RPC messages (Streamable HTTP, stateless, answered with JSON). What the messages are is the
 * protocol's business, listed by `tools/list` and `resources/list` and in docs/mcp.md.
 */
export function mcpPathItem(): Record<string, JsonObject> {
  return {
    [mcpPath]: {
      post: {
        operationId: 'mcpMessage',
        summary: 'Model Context Protocol (Streamable HTTP)',
        description:
          "Earshot's read-only MCP server: tools to search sessions and read their transcripts, summaries, " +
          'topics, tags and status (and ask, with an AI provider set up), and the sessions as resources. ' +
          'Stateless: no Mcp-Session-Id, no event stream; every request is answered with JSON, a ' +
          'notification alone with 202 and no body. Other methods on this path get 405 (Allow: POST). ' +
          'It takes the REST API token and follows its on/off switch; the launch secret (what ' +
          "`earshot mcp` sends) is accepted whatever the switch. A malformed message gets the protocol's " +
          'JSON-RPC error (400, 406 or 415) instead of the error body below.',
        tags: [mcpTag],
        security: mcpSecurity,
        parameters: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { oneOf: [jsonRpcMessage, { type: 'array', items: jsonRpcMessage, minItems: 1 }] },
              example: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
            },
          },
        },
        responses: {
          '200': {
            description: 'The JSON-RPC answer (an array for a batch)',
            content: {
              'application/json': {
                schema: { oneOf: [jsonRpcMessage, { type: 'array', items: jsonRpcMessage }] },
              },
            },
          },
          ...errorResponses(['unauthorized', 'api_disabled', ...errorsOfEveryEndpoint]),
        },
      },
    },
  };
}
