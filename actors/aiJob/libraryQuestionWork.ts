import { z } from 'zod';
import { answerLibraryQuestion, type LibraryAnswer } from '../../ai/artefacts/libraryQuestion.ts';
import {
  promptSettingsValueId,
  readPromptSettings,
  sessionPromptSettings,
} from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import type { LibraryFilter } from '../../store/libraryPassages.ts';
import {
  libraryQuestionFiltersSchema,
  type LibraryQuestionFilters,
  type LibraryQuestionRecord,
} from '../../store/libraryQuestionTable.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { generationRun } from './aiModel.ts';
import { GrowingAnswer } from './growingAnswer.ts';
import type { WorkSteps } from './workSteps.ts';

/** An AI job that answers a question asked of the library (or of a topic, a tag, a span of dates). */
export interface LibraryQuestionWork {
  kind: 'libraryQuestion';
  questionId: string;
  question: string;
  filters: LibraryQuestionFilters;
}

/** A library question job's work as its store row keeps it. */
export const libraryQuestionWorkSchema = z.object({
  kind: z.literal('libraryQuestion'),
  questionId: z.string().min(1),
  question: z.string().trim().min(1),
  filters: libraryQuestionFiltersSchema,
});

/**
 * Passages looked up for a question, best first; the answer's request takes as many as the model's
 * context holds (ai/artefacts/libraryQuestion.ts).
 */
const passagesLookedUp = 40;

/**
 * The question's steps, all in its row of the library's questions: `pending` with an empty answer
 * from the moment the job exists (a restart starts the answer over), the answer written as it
 * streams, then the answer with its checked citations and `success`; `error` with the reason, or
 * `cancelled`. The passages are looked up as the job generates, so a retry or a restart reads the
 * library as it is then.
 */
export function libraryQuestionSteps(
  store: SessionStore,
  work: LibraryQuestionWork,
  job: { id: string; createdAt: number; aiProvider: string | null },
): WorkSteps<LibraryAnswer> {
  const row = (changes: Partial<LibraryQuestionRecord>): Omit<LibraryQuestionRecord, 'updatedAt'> => ({
    id: work.questionId,
    question: work.question,
    filters: work.filters,
    aiProvider: job.aiProvider,
    jobId: job.id,
    answer: '',
    citations: [],
    status: 'pending',
    error: null,
    createdAt: new Date(job.createdAt).toISOString(),
    ...changes,
  });
  const growing = new GrowingAnswer((answer) => store.putLibraryQuestion(row({ answer })));

  return {
    begin: () => store.putLibraryQuestion(row({})),
    async generate(model, signal, onProgress) {
      growing.beginTry();
      try {
        return await answerLibraryQuestion(
          work.question,
          store.findPassages(work.question, libraryFilter(work.filters), passagesLookedUp),
          generationRun(
            model,
            sessionPromptSettings(
              readPromptSettings(store.getSetting(promptSettingsValueId)),
              work.filters.topicId,
            ),
            signal,
            onProgress,
          ),
          growing.handlers,
        );
      } finally {
        growing.endTry();
      }
    },
    save(result) {
      growing.end();
      store.putLibraryQuestion(
        row({ answer: result.answer, citations: result.citations, status: 'success' }),
      );
    },
    end(outcome) {
      growing.end();
      store.putLibraryQuestion(
        outcome.state === 'failed'
          ? row({ status: 'error', error: outcome.error })
          : row({ status: 'cancelled' }),
      );
    },
  };
}

/** The filters as the store applies them: dates as instants in ms. */
function libraryFilter(filters: LibraryQuestionFilters): LibraryFilter {
  return {
    ...(filters.topicId === undefined ? {} : { topicId: filters.topicId }),
    ...(filters.tagId === undefined ? {} : { tagId: filters.tagId }),
    ...(filters.from === undefined ? {} : { fromMs: Date.parse(filters.from) }),
    ...(filters.to === undefined ? {} : { toMs: Date.parse(filters.to) }),
  };
}
