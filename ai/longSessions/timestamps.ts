import { z } from 'zod';

/**
 * Times as the model reads and writes them: `H:MM:SS` from the session's start. Models copy such
 * a stamp from the transcript far more reliably than they compute milliseconds, and one second is
 * as close as a chapter or a citation needs to be before it is snapped to a real segment.
 */

const timestampPattern = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)$/;

export function formatTimestamp(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Milliseconds of `H:MM:SS` or `MM:SS`; undefined for anything else. */
export function parseTimestamp(text: string): number | undefined {
  const match = timestampPattern.exec(text.trim());
  if (match === null) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}

export const timestampSchema = z
  .string()
  .regex(timestampPattern, 'a time as H:MM:SS, copied from the transcript')
  .describe('A time from the transcript, as H:MM:SS');
