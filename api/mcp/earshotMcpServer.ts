import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createZonedClock, localTimeZone } from '../zonedTime.ts';
import { registerAskTool } from './askTool.ts';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { registerSessionResources } from './sessionResources.ts';
import { registerSessionTools } from './sessionTools.ts';
import { registerStatusTool } from './statusTool.ts';
import { registerTranscriptTool } from './transcriptPages.ts';

const instructions =
  "Earshot holds the user's recorded and transcribed sessions (meetings, calls, lectures, files). " +
  'Find sessions with search_sessions (words, topic, tag, status, dates), then read one with ' +
  'get_session, get_transcript (times and speakers) or get_summary. Everything here is read-only; ' +
  'ask (when listed) has the AI answer a question with citations.';

/**
 * An MCP server over the library: the read-only tools, `ask` when questions can be answered now,
 * and the session resources. Made afresh for each connection or request, so what it offers follows
 * the settings of the moment.
 */
export function createEarshotMcpServer(library: EarshotLibrary, timeZone = localTimeZone()): McpServer {
  const server = new McpServer(
    { name: 'earshot', title: 'Earshot', version: library.version },
    { instructions },
  );
  const clock = createZonedClock(timeZone);
  const questions = library.questions();
  registerSessionTools(server, library, clock);
  registerTranscriptTool(server, library);
  registerStatusTool(
    server,
    library,
    typeof questions === 'string'
      ? { available: false, reason: questions }
      : { available: true, reason: null },
  );
  if (typeof questions !== 'string') registerAskTool(server, questions);
  registerSessionResources(server, library, clock);
  return server;
}
