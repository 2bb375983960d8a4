import { z } from 'zod';
import { answerQuestion, type GroundedAnswer } from '../../ai/artefacts/sessionQuestion.ts';
import { promptSettingsOfSession } from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import { GenerationError } from '../../ai/generationErrors.ts';
import type { AskEntry } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { generationRun } from './aiModel.ts';
import { GrowingAnswer } from './growingAnswer.ts';
import type { WorkSteps } from './workSteps.ts';

/** An AI job that answers a question about the session into its Q&A entry `entryId`. */
export interface QuestionWork {
  kind: 'question';
  entryId: string;
  question: string;
}

/** A question job's work as its store row keeps it. */
export const questionWorkSchema = z.object({
  kind: z.literal('question'),
  entryId: z.string().min(1),
  question: z.string().trim().min(1),
});

/** The text of an answer whose job was cancelled, so the entry never shows an empty answer. */
export const cancelledAnswer = 'Cancelled.';

/**
 * The question's steps, all in the session's Q&A entry: `pending` with an empty answer from the
 * moment the job exists (a restart starts the answer over), the answer written as it streams,
 * then the answer with its grounded citations and `success`; on failure `error` with the reason
 * as the answer's text, so the page shows why.
 */
export function questionSteps(
  store: SessionStore,
  sessionId: string,
  work: QuestionWork,
  askedAt: number,
): WorkSteps<GroundedAnswer> {
  const createdAt = new Date(askedAt).toISOString();
  const entry = (changes: Partial<AskEntry>): AskEntry => ({
    id: work.entryId,
    question: work.question,
    answer: '',
    citations: [],
    createdAt,
    status: 'pending',
    ...changes,
  });
  const growing = new GrowingAnswer((answer) => {
    try {
      store.putAskEntry(sessionId, entry({ answer }));
    } catch {
      // The session was deleted meanwhile: the job fails as it saves.
    }
  });

  return {
    begin: () => store.putAskEntry(sessionId, entry({})),
    async generate(model, signal, onProgress) {
      growing.beginTry();
      try {
        return await answerQuestion(
          work.question,
          store.getNamedSegments(sessionId),
          generationRun(model, promptSettingsOfSession(store, sessionId), signal, onProgress),
          growing.handlers,
        );
      } finally {
        growing.endTry();
      }
    },
    save(result) {
      growing.end();
      if (store.getSession(sessionId) === undefined) {
        throw new GenerationError('The session was deleted while its question was answered.');
      }
      store.putAskEntry(
        sessionId,
        entry({
          answer: result.answer,
          // The spec's citation is the quote and its speaker; where it sits is found from the quote.
          citations: result.citations.map(({ quote, speaker }) => ({ quote, speaker })),
          status: 'success',
        }),
      );
    },
    end(outcome) {
      growing.end();
      const text = outcome.state === 'failed' ? outcome.error : cancelledAnswer;
      store.putAskEntry(sessionId, entry({ answer: text, status: 'error' }));
    },
  };
}
