import { chosenAiProvider } from '../../ai/providers/aiProviderChoice.ts';
import { AiJobRequestError, type AiJobs } from '../../actors/aiJob/aiJobs.ts';
import type { AiJob } from '../../actors/aiJob/aiJob.ts';
import { readAiSettings } from '../../store/aiProviderSettings.ts';
import { citedSegments } from '../../store/citedSegment.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { AnsweredQuestion, SessionQuestions } from './earshotLibrary.ts';

/**
 * The longest an `ask` call waits for its answer. MCP clients give up on a request after about a
 * minute; past this the call answers with what is written so far, and the job goes on and keeps it.
 */
export const defaultAnswerWaitMs = 45_000;

/**
 * Questions answered by the service's AI jobs, the same ones the app and `earshot ask` start; or,
 * while no AI provider is chosen, the sentence that says how to set one up.
 */
export function serviceQuestions(options: {
  aiJobs: AiJobs;
  store: SessionStore;
  dataDirectory: string;
  answerWaitMs?: number;
}): SessionQuestions | string {
  const { aiJobs, store } = options;
  const chosen = chosenAiProvider(readAiSettings(options.dataDirectory));
  if (!chosen.ok) return chosen.message;
  const waitMs = options.answerWaitMs ?? defaultAnswerWaitMs;
  return {
    askSession: async (sessionId, question) => {
      const { job, entryId } = started(() => aiJobs.ask({ sessionId, question }));
      await endedOrTimedOut(job, waitMs);
      const entry = store.getAskHistory(sessionId).find((candidate) => candidate.id === entryId);
      const title = store.getSession(sessionId)?.title ?? '';
      const segments = store.getNamedSegments(sessionId);
      return {
        status: entry?.status ?? 'error',
        answer: entry?.answer ?? 'The session was deleted while its question was answered.',
        citations: citedSegments(entry ?? { answer: '', citations: [] }, segments).map(
          ({ citation, segment }) => ({
            sessionId,
            sessionTitle: title,
            startMs: segment?.startMs ?? null,
            endMs: segment?.endMs ?? null,
            speaker: citation.speaker,
            quote: citation.quote,
          }),
        ),
        keptAt: `the Q&A of session ${sessionId} (get_session shows it)`,
      } satisfies AnsweredQuestion;
    },
    askLibrary: async (question, scope) => {
      const { job, questionId } = started(() =>
        aiJobs.askLibrary({
          question,
          filters: {
            ...(scope.topicId === undefined ? {} : { topicId: scope.topicId }),
            ...(scope.tagId === undefined ? {} : { tagId: scope.tagId }),
            ...(scope.startedFrom === undefined ? {} : { from: new Date(scope.startedFrom).toISOString() }),
            ...(scope.startedTo === undefined ? {} : { to: new Date(scope.startedTo).toISOString() }),
          },
        }),
      );
      await endedOrTimedOut(job, waitMs);
      const asked = store.getLibraryQuestion(questionId);
      return {
        status: asked?.status ?? 'error',
        answer: asked?.error ?? asked?.answer ?? 'The question was lost; ask it again.',
        citations: (asked?.citations ?? []).map((citation) => ({
          sessionId: citation.sessionId,
          sessionTitle: citation.sessionTitle,
          startMs: citation.startMs,
          endMs: citation.endMs,
          speaker: citation.speaker,
          quote: citation.quote,
        })),
        keptAt: "Earshot's questions of the library (earshot ask --all, GET /control/v1/questions)",
      } satisfies AnsweredQuestion;
    },
  };
}

/** The job a request started; a request the jobs refuse becomes an error whose message says why. */
function started<Started>(start: () => Started): Started {
  try {
    return start();
  } catch (error) {
    if (error instanceof AiJobRequestError) {
      const hint = error.code === 'session_not_found' ? ' Find session ids with search_sessions.' : '';
      throw new Error(`${error.message}${hint}`, { cause: error });
    }
    throw error;
  }
}

async function endedOrTimedOut(job: AiJob, waitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await Promise.race([job.finished, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
