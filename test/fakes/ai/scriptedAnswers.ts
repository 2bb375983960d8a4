import type { FakeReply } from '../fakeHttpServer.ts';

/**
 * What a fake AI server answers, independent of its wire protocol: each fake renders these the way
 * its vendor does. Tests queue answers; with none queued a fake answers `defaultAnswer`.
 */
export type ScriptedAnswer =
  | { text: string }
  /** A structured answer: JSON text, or (Anthropic) the input of the tool the request forced. */
  | { object: Record<string, unknown> }
  | { toolCall: { name: string; input: Record<string, unknown> } }
  /** 429 with the vendor's body and a wait (Retry-After, or Gemini's RetryInfo). */
  | { failure: 'rate_limited'; retryAfterSeconds: number }
  /** The vendor's 5xx. */
  | { failure: 'server_error' }
  /** No answer at all until the client gives up, as from a model still loading or a stalled vendor. */
  | { hold: true };

/** What a fake renders in its vendor's protocol: any answer but a held one. */
export type RenderedAnswer = Exclude<ScriptedAnswer, { hold: true }>;

export const defaultAnswer: ScriptedAnswer = { text: 'Ready to help with your meeting notes.' };

/** The queue of answers a fake gives, first in first out. */
export class AnswerScript {
  readonly #queue: ScriptedAnswer[] = [];

  push(...answers: ScriptedAnswer[]): void {
    this.#queue.push(...answers);
  }

  next(): ScriptedAnswer {
    return this.#queue.shift() ?? defaultAnswer;
  }
}

/** Holds a request unanswered until the client goes away; the reply is never sent. */
export function heldUntilClientGone(clientGone: AbortSignal): Promise<FakeReply> {
  return new Promise((resolve) => {
    clientGone.addEventListener('abort', () => resolve({ status: 499 }), { once: true });
  });
}

/** Roughly a token per four characters, as vendors' own estimates go for English. */
export function estimatedTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** A text cut into the word-sized pieces a streaming server sends one by one. */
export function streamedPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [''];
}

/** The text of an answer: its words, or its object as JSON. */
export function answerText(answer: { text: string } | { object: Record<string, unknown> }): string {
  return 'text' in answer ? answer.text : JSON.stringify(answer.object);
}

/** One request as a fake received it, its JSON body parsed. */
export interface AiRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** What every fake AI server offers the tests. */
export interface FakeAiServer {
  /** The address to configure as the provider's baseUrl. */
  baseUrl: string;
  requests: AiRequest[];
  /** Queues answers for the next requests. */
  answerNext(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export function parseJsonBody(body: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An SSE stream as one body: `data:` lines (and `event:` lines where the vendor names events). */
export function serverSentEvents(events: ReadonlyArray<{ event?: string; data: unknown }>): string {
  return events
    .map(
      ({ event, data }) =>
        `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    )
    .join('');
}
