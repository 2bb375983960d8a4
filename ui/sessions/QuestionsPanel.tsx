import { type FormEvent, useState } from 'react';
import { citedSegments } from '../../store/citedSegment.ts';
import type { AskEntry, Segment, SessionRecord } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAskHistory } from '../store/replicaRecords.ts';
import { asksForAiProviderSetup } from './aiJobText.ts';
import { transcriptTimestamp } from './transcriptTimestamp.ts';
import { useAiProviderFor } from './useAiProviderFor.ts';
import { useQuestionAsking } from './useQuestionAsking.ts';
import { NoAiProviderLine } from './AiProviderSetupNote.tsx';

const aiSettingsHash = hashOf({ page: 'settings', section: 'ai' });

/**
 * Questions about the session, in the order they were asked, with the box to ask the next one
 * below them, as a conversation reads. An answer grows as the model writes it (the replica carries
 * the entry); Stop cancels it; a failed one says the job's reason and can be asked again. Each
 * citation is a chip that shows its segment in the transcript.
 */
export function QuestionsPanel(props: {
  session: SessionRecord;
  segments: Segment[];
  onRevealSegment: (segment: Segment) => void;
}) {
  const entries = useAskHistory(props.session.id);
  const asking = useQuestionAsking(props.session.id);
  const provider = useAiProviderFor(props.session);
  const [question, setQuestion] = useState('');
  const noProvider = provider.state === 'none';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (text === '' || asking.sending) return;
    void asking.ask(text).then((started) => {
      if (started) setQuestion('');
    });
  };

  return (
    <section className="card generated-panel-wide questions-panel" aria-label="Questions and answers">
      <h2>Q&amp;A</h2>
      {entries.length === 0 ? (
        <p className="muted">
          No questions asked yet. Ask about this session: the answer says where in the recording it comes
          from.
        </p>
      ) : (
        <ol className="question-list" aria-label="Questions asked">
          {entries.map((entry) => (
            <QuestionEntry
              key={entry.id}
              entry={entry}
              segments={props.segments}
              stopping={asking.stopping.has(entry.id)}
              retryDisabled={noProvider || asking.sending}
              onStop={() => asking.stop(entry.id)}
              onRetry={() => void asking.ask(entry.question)}
              onReveal={props.onRevealSegment}
            />
          ))}
        </ol>
      )}
      {noProvider && <NoAiProviderLine work="Questions are answered" testId="questions-need-provider" />}
      <form className="question-form" onSubmit={submit}>
        <input
          type="text"
          aria-label="Your question"
          placeholder="Ask about this session, then press Enter"
          value={question}
          disabled={noProvider}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button
          type="submit"
          className="button-primary"
          disabled={noProvider || asking.sending || question.trim() === ''}
        >
          {asking.sending ? 'Asking…' : 'Ask'}
        </button>
      </form>
      <ErrorNotice error={asking.failure} onDismiss={asking.dismiss} />
    </section>
  );
}

function QuestionEntry(props: {
  entry: AskEntry;
  segments: Segment[];
  stopping: boolean;
  retryDisabled: boolean;
  onStop: () => void;
  onRetry: () => void;
  onReveal: (segment: Segment) => void;
}) {
  const { entry } = props;
  return (
    <li className="question-entry" data-testid="question-entry" data-status={entry.status}>
      <p className="question-text">
        <strong>{entry.question}</strong>
      </p>
      {entry.status === 'pending' && (
        <>
          <p className="question-answer" aria-live="polite">
            {entry.answer === '' ? <span className="muted">Answering…</span> : entry.answer}
          </p>
          <div className="toolbar">
            <progress aria-label="Answering" />
            <button type="button" onClick={props.onStop} disabled={props.stopping}>
              {props.stopping ? 'Stopping…' : 'Stop'}
            </button>
          </div>
        </>
      )}
      {entry.status === 'success' && (
        <>
          <p className="question-answer">{entry.answer}</p>
          <Citations entry={entry} segments={props.segments} onReveal={props.onReveal} />
        </>
      )}
      {entry.status === 'error' && (
        <div className="notice notice-error" role="alert">
          <span>
            {entry.answer === '' ? 'This question could not be answered.' : entry.answer}
            {asksForAiProviderSetup(entry.answer) && (
              <>
                {' '}
                <a href={aiSettingsHash}>AI providers are set up in Settings → AI.</a>
              </>
            )}
          </span>
          <button type="button" onClick={props.onRetry} disabled={props.retryDisabled}>
            Ask again
          </button>
        </div>
      )}
    </li>
  );
}

/** `[01:05] Ana: “quote”`, each leading to its segment; a quote the transcript no longer has, as text. */
function Citations(props: { entry: AskEntry; segments: Segment[]; onReveal: (segment: Segment) => void }) {
  const cited = citedSegments(props.entry, props.segments);
  if (cited.length === 0) return null;
  return (
    <ul className="citation-list" aria-label="Citations">
      {cited.map(({ citation, segment }, index) => {
        const text = (
          <>
            {segment !== undefined && (
              <span className="timestamp">[{transcriptTimestamp(segment.startMs)}]</span>
            )}{' '}
            {citation.speaker !== null && <span className="speaker">{citation.speaker}:</span>}“
            {citation.quote}”
          </>
        );
        return (
          <li key={index}>
            {segment === undefined ? (
              <span className="citation-chip citation-chip-unplaced">{text}</span>
            ) : (
              <button
                type="button"
                className="citation-chip"
                title="Show in the transcript"
                onClick={() => props.onReveal(segment)}
              >
                {text}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
