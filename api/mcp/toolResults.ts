import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool's answer twice over: as text an assistant reads well, and as `structuredContent` that
 * meets the tool's output schema, for clients that use the data itself.
 */
export function toolAnswer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A call the assistant must change: the message says what was wrong and what to do instead. */
export function toolRefusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** A session id that names no session. */
export function unknownSession(sessionId: string): CallToolResult {
  return toolRefusal(
    `No session has the id "${sessionId}". Find the id with search_sessions (or the recent sessions resource).`,
  );
}

/** A cursor that another list, or the same transcript in another time range, gave. */
export function staleCursor(tool: string): CallToolResult {
  return toolRefusal(
    `This cursor was not given by ${tool} for this list. Call ${tool} again without a cursor, then pass the nextCursor it returns.`,
  );
}
