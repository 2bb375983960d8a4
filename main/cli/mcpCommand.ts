import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createEarshotMcpServer } from '../../api/mcp/earshotMcpServer.ts';
import { mcpPath } from '../../api/mcp/mcpRoute.ts';
import { databaseFileName } from '../../store/database.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { readRunningService } from '../serviceFile.ts';
import { earshotVersion } from '../version.ts';

/**
 * `earshot mcp`: Earshot's MCP server on stdin/stdout, for assistants that start their servers as
 * commands (Claude Desktop and most others). While a service runs for the data directory, every
 * message goes to its `/mcp` endpoint with the launch secret, so the answers are the service's own
 * (live status, `ask`); while none runs, the data directory is read directly, read-only.
 * Only JSON-RPC goes to stdout; what the user should know goes to stderr.
 */
export async function mcpCommand(dataDirectory: string): Promise<void> {
  const running = readRunningService(dataDirectory);
  if (running !== undefined) {
    await bridgeToService(new URL(mcpPath, running.info.baseUrl), running.launchSecret);
    return;
  }
  await serveDataDirectory(dataDirectory);
}

async function bridgeToService(endpoint: URL, launchSecret: string): Promise<void> {
  const stdio = new StdioServerTransport();
  const service = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${launchSecret}` } },
  });
  const ended = closedWithStandardInput(stdio);
  stdio.onmessage = (message) => {
    service.send(message).catch((error: Error) => {
      // A request must get an answer, or the assistant waits for it for ever.
      if (!isJSONRPCRequest(message)) return;
      void stdio.send(unreachable(message.id, endpoint, error));
    });
  };
  service.onmessage = (message) => {
    const negotiated = protocolVersionOf(message);
    if (negotiated !== undefined) service.setProtocolVersion(negotiated);
    void stdio.send(message);
  };
  service.onerror = (error) => console.error(`earshot mcp: ${error.message}`);
  await service.start();
  await stdio.start();
  console.error(`earshot mcp: serving the Earshot service at ${endpoint.origin}.`);
  await ended;
  await service.close();
}

async function serveDataDirectory(dataDirectory: string): Promise<void> {
  if (!existsSync(join(dataDirectory, databaseFileName))) {
    throw new Error(
      `There is no Earshot data in ${dataDirectory}. Start Earshot once (earshot serve, or the app), or give --data-dir.`,
    );
  }
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  const notRunning = `no Earshot service runs for ${dataDirectory}`;
  const server = createEarshotMcpServer({
    store,
    version: earshotVersion,
    source: 'data directory',
    liveStatus: `${notRunning}. Start it (earshot serve, or the app) and restart this MCP server to see it.`,
    questions: () =>
      `questions are answered by the running Earshot service, and ${notRunning}. Start it (earshot serve, or the app) and restart this MCP server.`,
  });
  const stdio = new StdioServerTransport();
  const ended = closedWithStandardInput(stdio);
  await server.connect(stdio);
  console.error(`earshot mcp: reading ${dataDirectory} (read-only; no service runs).`);
  await ended;
  store.close();
}

/**
 * Resolves once the transport closes; the client closing our stdin closes it, which the SDK's
 * transport does not notice by itself, so what this command opened is closed before it exits.
 */
function closedWithStandardInput(stdio: StdioServerTransport): Promise<void> {
  process.stdin.once('end', () => void stdio.close());
  return new Promise((resolve) => {
    stdio.onclose = resolve;
  });
}

/** The protocol version an initialize answer settles, which later requests must name. */
function protocolVersionOf(message: JSONRPCMessage): string | undefined {
  if (!('result' in message)) return undefined;
  const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
  return typeof version === 'string' ? version : undefined;
}

function unreachable(id: string | number, endpoint: URL, error: Error): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32603,
      message: `The Earshot service at ${endpoint.origin} did not answer (${error.message}). If it stopped, restart this MCP server: it then reads the data directory.`,
    },
  };
}
