import type { SessionPage, SessionQuery } from '../records.ts';

/** What the pool asks a reader thread, and what it answers (sessionReadPool.ts). */
export interface ReaderRequest {
  id: number;
  query: SessionQuery;
}

export type ReaderReply = { id: number; page: SessionPage } | { id: number; error: string };
