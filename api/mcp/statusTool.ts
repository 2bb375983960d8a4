import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { toolAnswer } from './toolResults.ts';

/**
 * `get_status`: what Earshot is doing now and what this server can do, so an assistant knows
 * whether a session is being recorded and why a tool it expected (`ask`) is missing.
 */
export function registerStatusTool(
  server: McpServer,
  library: EarshotLibrary,
  questions: { available: boolean; reason: string | null },
): void {
  server.registerTool(
    'get_status',
    {
      title: "Earshot's status",
      description:
        "Whether Earshot is recording now (and which session, with which speech provider), Earshot's " +
        'version, how many sessions it holds, and whether questions can be asked (the ask tool) — with ' +
        'the reason and what to do when they cannot.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        version: z.string(),
        source: z
          .enum(['service', 'data directory'])
          .describe('The running Earshot service, or its data directory read directly while none runs'),
        sessionCount: z.int(),
        live: z
          .object({
            recording: z.boolean(),
            currentSessionId: z.string().nullable(),
            currentProvider: z.string().nullable(),
          })
          .nullable()
          .describe('null when it cannot be known (see liveUnavailable)'),
        liveUnavailable: z.string().nullable().describe('Why live status is unknown; null when it is known'),
        askAvailable: z.boolean(),
        askUnavailable: z
          .string()
          .nullable()
          .describe('Why ask is missing and what to do; null when it is there'),
      }),
      annotations: { title: "Earshot's status", readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      const live = typeof library.liveStatus === 'string' ? null : await library.liveStatus();
      const liveUnavailable = typeof library.liveStatus === 'string' ? library.liveStatus : null;
      const status = {
        version: library.version,
        source: library.source,
        sessionCount: library.store.listSessions({ limit: 1, offset: 0 }).total,
        live,
        liveUnavailable,
        askAvailable: questions.available,
        askUnavailable: questions.reason,
      };
      const recording =
        live === null
          ? `Whether Earshot records now is unknown: ${liveUnavailable}`
          : live.recording
            ? `Earshot is recording session ${live.currentSessionId} with ${live.currentProvider}.`
            : 'Earshot is not recording.';
      const text = [
        `Earshot ${status.version}, read from ${status.source === 'service' ? 'the running service' : 'its data directory (no service runs)'}; ${status.sessionCount} session(s).`,
        recording,
        status.askAvailable
          ? 'Questions can be asked with the ask tool.'
          : `Questions cannot be asked: ${status.askUnavailable}`,
      ].join('\n');
      return toolAnswer(text, status);
    },
  );
}
