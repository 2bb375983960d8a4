import type { DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import type { AiJobStatus } from './aiJobStates.ts';

/** Each artefact as a sentence names it, in the order the session page shows them. */
export const artefactLabels: Record<DigestArtefact, string> = {
  summary: 'summary',
  actionItems: 'action items',
  keywords: 'keywords',
  chapters: 'chapters',
  mindMap: 'mind map',
};

/** ["summary", "chapters"] → "summary and chapters". */
export function artefactNames(artefacts: readonly DigestArtefact[]): string {
  const names = artefacts.map((artefact) => artefactLabels[artefact]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Where a job stands, for people: its part while it runs, and why it waits. */
export function aiJobProgressText(job: AiJobStatus): string {
  switch (job.state) {
    case 'queued':
      return 'Waiting for its turn: AI jobs run one at a time…';
    case 'running':
      return job.partCount > 0 ? `Generating… part ${job.part} of ${job.partCount}` : 'Generating…';
    case 'waitingToRetry':
      return `Waiting to retry: ${job.error ?? 'the AI provider asked to wait.'}`;
    case 'saving':
      return 'Saving…';
    case 'done':
      return `Generated the ${artefactNames(job.artefacts)}.`;
    case 'cancelled':
      return 'Cancelled; nothing was changed.';
    case 'failed':
      return job.error ?? 'The AI job failed.';
  }
}

/**
 * Whether a failure is about the AI provider's settings (none set up, none the default, one
 * half-filled, a key refused, an unknown model): the service's message then says what to change,
 * mostly as the `earshot ai` command that does it, and the page adds where AI providers are set up.
 */
export function asksForAiProviderSetup(message: string): boolean {
  return /\bearshot ai (set|use)\b/.test(message) || /^The AI provider ".*" is not set up yet/.test(message);
}
