import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { AiProviderSetupNote } from './AiProviderSetupNote.tsx';
import { isEndedAiJob } from './aiJobStates.ts';
import { aiJobProgressText, artefactNames, asksForAiProviderSetup } from './aiJobText.ts';
import type { SessionAiJob } from './useSessionAiJob.ts';

/**
 * The session's AI digest as a whole: Generate (all five artefacts), the job's progress with
 * Cancel while it runs, and how it ended: the error of a failed job (with where AI providers are
 * set up, when that is what it asks for), or a short word on a finished or cancelled one.
 */
export function AiDigest(props: { aiJob: SessionAiJob; generatedBefore: boolean; noAiProvider: boolean }) {
  const { job, busy, cancelling, failure, generate, cancel, dismiss } = props.aiJob;
  const failedError = job?.state === 'failed' ? aiJobProgressText(job) : undefined;
  return (
    <section className="card ai-digest" aria-label="AI digest">
      <div className="panel-heading">
        <h2>AI digest</h2>
        <button type="button" className="button-primary" disabled={busy} onClick={() => generate()}>
          {props.generatedBefore ? 'Regenerate all' : 'Generate'}
        </button>
      </div>
      <p className="muted">
        The summary, action items, keywords, chapters and mind map, written from the transcript by your AI
        provider.
      </p>
      {props.noAiProvider && <AiProviderSetupNote />}
      {job !== undefined && !isEndedAiJob(job) && (
        <div className="ai-job-progress">
          <progress aria-label={`Generating the ${artefactNames(job.artefacts)}`} />
          <span role="status" data-testid="ai-job-progress">
            {aiJobProgressText(job)}
            {job.resumeCount > 0 && ' (resumed after a restart of the service)'}
          </span>
          <button type="button" onClick={cancel} disabled={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        </div>
      )}
      {(job?.state === 'done' || job?.state === 'cancelled') && (
        <p className="muted" role="status" data-testid="ai-job-ended">
          {aiJobProgressText(job)}
        </p>
      )}
      {failedError !== undefined && (
        <>
          <ErrorNotice error={failedError} onDismiss={dismiss} />
          {asksForAiProviderSetup(failedError) && !props.noAiProvider && <AiProviderSetupNote />}
        </>
      )}
      <ErrorNotice error={failure} onDismiss={dismiss} />
    </section>
  );
}
