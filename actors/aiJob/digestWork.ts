import { z } from 'zod';
import {
  digestArtefacts,
  generateDigest,
  type Digest,
  type DigestArtefact,
} from '../../ai/artefacts/sessionDigest.ts';
import { promptSettingsOfSession } from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import { GenerationError } from '../../ai/generationErrors.ts';
import type { GenerationStatus, SessionRecord } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { generationRun } from './aiModel.ts';
import type { WorkSteps } from './workSteps.ts';

/** An AI job that makes the session's digest, or some of its parts. */
export interface DigestWork {
  kind: 'digest';
  artefacts: DigestArtefact[];
}

/** A digest job's work as its store row keeps it. */
export const digestWorkSchema = z.object({
  kind: z.literal('digest'),
  artefacts: z.array(z.enum(digestArtefacts)).min(1),
});

/** The artefacts kept in `postProcess`; the mind map has a status of its own. */
const postProcessArtefacts: ReadonlySet<DigestArtefact> = new Set([
  'summary',
  'actionItems',
  'keywords',
  'chapters',
]);

/**
 * The digest's steps for `session` as the job finds it: its artefacts show `pending` while the job
 * lasts, `success` once saved, `error` if it fails; a cancel puts back the status they had before.
 */
export function digestSteps(
  store: SessionStore,
  session: SessionRecord,
  work: DigestWork,
): WorkSteps<Partial<Digest>> {
  const sessionId = session.id;
  const before = { postProcess: session.postProcess.status, mindMap: session.mindMap.status };
  const wantsPostProcess = work.artefacts.some((artefact) => postProcessArtefacts.has(artefact));
  const wantsMindMap = work.artefacts.includes('mindMap');

  /** Sets the status of what the job makes; `undefined` puts back what it was before the job. */
  function markArtefacts(status: GenerationStatus | undefined): void {
    const current = store.getSession(sessionId);
    if (current === undefined) return;
    store.updateSession(sessionId, {
      postProcess: wantsPostProcess
        ? { ...current.postProcess, status: status ?? restored(before.postProcess) }
        : current.postProcess,
      mindMap: wantsMindMap
        ? { ...current.mindMap, status: status ?? restored(before.mindMap) }
        : current.mindMap,
    });
  }

  return {
    begin: () => markArtefacts('pending'),
    generate: (model, signal, onProgress) =>
      generateDigest(
        store.getNamedSegments(sessionId),
        generationRun(model, promptSettingsOfSession(store, sessionId), signal, onProgress),
        work.artefacts,
      ),
    save(generated) {
      const current = store.getSession(sessionId);
      if (current === undefined) throw new GenerationError('The session was deleted while its AI job ran.');
      const { mindMap, ...postProcessFields } = generated;
      store.updateSession(sessionId, {
        postProcess: wantsPostProcess
          ? { ...current.postProcess, ...postProcessFields, status: 'success' }
          : current.postProcess,
        mindMap: wantsMindMap ? { markdown: mindMap ?? '', status: 'success' } : current.mindMap,
      });
    },
    end: (outcome) => markArtefacts(outcome.state === 'failed' ? 'error' : undefined),
  };
}

/** What a status goes back to when its job is cancelled: a job that never ended shows none. */
function restored(status: GenerationStatus): GenerationStatus {
  return status === 'pending' ? 'none' : status;
}
