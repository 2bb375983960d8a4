import { type FormEvent, useState } from 'react';
import { changedWords, type TextRun } from '../../store/changedWords.ts';
import type { SessionRecord } from '../../store/records.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { AiProviderSetupNote, NoAiProviderLine } from './AiProviderSetupNote.tsx';
import type { AiJobStatus } from './aiJobStates.ts';
import { KeepOrDiscard } from './KeepOrDiscard.tsx';
import { aiJobProgressText, asksForAiProviderSetup } from './aiJobText.ts';
import { transcriptTimestamp } from './transcriptTimestamp.ts';
import { useAiProviderFor } from './useAiProviderFor.ts';
import type { TranscriptRevisions, TranscriptRevisionsFollowed } from './useTranscriptRevisions.ts';

type Revision = NonNullable<TranscriptRevisions['correction']>;

/** The panel's heading, which the page's "Correct or translate…" brings into view. */
export const transcriptRevisionsHeadingId = 'transcript-revisions-heading';

/**
 * The transcript corrected and translated by the AI provider (`followed`, the page's
 * useTranscriptRevisions): Correct transcript proposes a correction, shown segment by segment
 * beside the original with the changed words marked, to keep or discard; Translate… writes the
 * transcript in another language, which the transcript then shows line by line beside each
 * segment. While a job runs its part N of M shows; a failed one says the job's reason.
 */
export function TranscriptRevisionsPanel(props: {
  session: SessionRecord;
  followed: TranscriptRevisionsFollowed;
}) {
  const { followed } = props;
  const provider = useAiProviderFor(props.session);
  const [language, setLanguage] = useState('');
  const { revisions, sending } = followed;
  const correction = revisions?.correction ?? null;
  const translation = revisions?.translation ?? null;
  const busy =
    sending || revisions === undefined || correction?.state === 'pending' || translation?.state === 'pending';
  const noProvider = provider.state === 'none';

  const translate = (event: FormEvent) => {
    event.preventDefault();
    if (language.trim() !== '') followed.translate(language.trim());
  };

  return (
    <section className="card transcript-revisions" aria-label="Corrected and translated transcript">
      <div className="panel-heading">
        <h2 id={transcriptRevisionsHeadingId} tabIndex={-1}>
          Correction and translation
        </h2>
        <div className="toolbar">
          <button
            type="button"
            className="button-primary"
            disabled={busy || noProvider || correction?.state === 'proposed'}
            onClick={followed.correct}
          >
            Correct transcript
          </button>
          <form className="translate-form" onSubmit={translate}>
            <input
              type="text"
              aria-label="Language to translate into"
              placeholder="German, de, …"
              value={language}
              disabled={noProvider}
              onChange={(event) => setLanguage(event.target.value)}
            />
            <button type="submit" disabled={busy || noProvider || language.trim() === ''}>
              Translate…
            </button>
          </form>
        </div>
      </div>
      {noProvider && (
        <NoAiProviderLine work="Corrections and translations are made" testId="revisions-need-provider" />
      )}
      {correction !== null && (
        <CorrectionView
          correction={correction}
          job={followed.correctionJob}
          kept={revisions?.correctedTranscript !== null}
          sending={sending}
          onKeep={followed.keep}
          onDiscard={followed.discard}
        />
      )}
      {translation !== null && <TranslationView translation={translation} job={followed.translationJob} />}
      <ErrorNotice error={followed.failure} onDismiss={followed.dismiss} />
    </section>
  );
}

function CorrectionView(props: {
  correction: Revision;
  job: AiJobStatus | undefined;
  kept: boolean;
  sending: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { correction } = props;
  switch (correction.state) {
    case 'pending':
      return <RevisionProgress job={props.job} label="Correcting the transcript" doing="Correcting" />;
    case 'failed':
      return <RevisionFailure error={correction.error} />;
    case 'discarded':
      return (
        <p className="muted" role="status" data-testid="correction-state">
          The proposed correction was discarded; the transcript is as it was.
        </p>
      );
    case 'kept':
      return (
        <p className="muted" role="status" data-testid="correction-state">
          {props.kept
            ? 'The corrected transcript is kept: the transcript below shows it under Corrected.'
            : 'The correction was kept.'}
        </p>
      );
    case 'proposed': {
      const changed = correction.segments.filter((segment) => segment.changed);
      return (
        <div className="correction-proposal" data-testid="correction-proposal">
          <p role="status">
            {changed.length} of {correction.segments.length} segments corrected. Keep the correction to use it
            as the corrected transcript, or discard it.
          </p>
          <table className="correction-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Original</th>
                <th scope="col">Corrected</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((segment) => {
                const runs = changedWords(segment.original, segment.revised);
                return (
                  <tr key={segment.seq} data-testid="corrected-segment">
                    <td className="muted">{transcriptTimestamp(segment.startMs)}</td>
                    <td>
                      <MarkedRuns runs={runs.original} Mark="del" />
                    </td>
                    <td>
                      <MarkedRuns runs={runs.revised} Mark="ins" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <KeepOrDiscard sending={props.sending} onKeep={props.onKeep} onDiscard={props.onDiscard} />
        </div>
      );
    }
  }
}

/** A text with its changed runs inside `<del>` (removed words) or `<ins>` (added ones). */
function MarkedRuns(props: { runs: TextRun[]; Mark: 'del' | 'ins' }) {
  const { Mark } = props;
  return (
    <>{props.runs.map((run, index) => (run.changed ? <Mark key={index}>{run.text}</Mark> : run.text))}</>
  );
}

function TranslationView(props: { translation: Revision; job: AiJobStatus | undefined }) {
  const { translation } = props;
  const language = translation.language ?? '';
  switch (translation.state) {
    case 'pending':
      return <RevisionProgress job={props.job} label={`Translating into ${language}`} doing="Translating" />;
    case 'failed':
      return <RevisionFailure error={translation.error} />;
    case 'proposed':
    case 'discarded':
    case 'kept':
      return (
        <p className="muted" role="status" data-testid="translation-state">
          The translation into {language} shows in the transcript below, each line beside the words it
          translates.
        </p>
      );
  }
}

function RevisionProgress(props: { job: AiJobStatus | undefined; label: string; doing: string }) {
  const { job } = props;
  // A running job says its part in the revision's own word; any other state as the digest says it.
  const text =
    job === undefined || job.state === 'running'
      ? job !== undefined && job.partCount > 0
        ? `${props.doing}… part ${job.part} of ${job.partCount}`
        : `${props.doing}…`
      : aiJobProgressText(job);
  return (
    <div className="ai-job-progress">
      <progress aria-label={props.label} />
      <span role="status" data-testid="revision-progress">
        {text}
      </span>
    </div>
  );
}

function RevisionFailure(props: { error: string | null }) {
  const error = props.error ?? 'The AI job failed.';
  return (
    <>
      <ErrorNotice error={error} />
      {asksForAiProviderSetup(error) && <AiProviderSetupNote />}
    </>
  );
}
