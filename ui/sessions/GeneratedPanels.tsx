import type { ReactNode } from 'react';
import type { AskEntry, GenerationStatus, SessionRecord } from '../../store/records.ts';
import { transcriptTimestamp } from './transcriptTimestamp.ts';

/**
 * What is generated from the transcript (summary, action items, keywords, chapters, mind map, Q&A),
 * each saying honestly where it stands: not generated, generating, failed, or its content.
 */
export function GeneratedPanels(props: { session: SessionRecord; askHistory: AskEntry[] }) {
  const { postProcess, mindMap } = props.session;
  return (
    <div className="generated-panels">
      <Panel title="Summary" status={postProcess.status}>
        {postProcess.summary === '' ? <Nothing /> : <p>{postProcess.summary}</p>}
      </Panel>
      <Panel title="Action items" status={postProcess.status}>
        {postProcess.actionItems.length === 0 ? (
          <Nothing />
        ) : (
          <ul>
            {postProcess.actionItems.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Keywords" status={postProcess.status}>
        {postProcess.keywords.length === 0 ? <Nothing /> : <p>{postProcess.keywords.join(', ')}</p>}
      </Panel>
      <Panel title="Chapters" status={postProcess.status}>
        {postProcess.chapters.length === 0 ? (
          <Nothing />
        ) : (
          <ol>
            {postProcess.chapters.map((chapter, index) => (
              <li key={index}>
                <span className="timestamp">[{transcriptTimestamp(chapter.startMs)}]</span>{' '}
                <strong>{chapter.title}</strong>
                {chapter.summary !== '' && <div className="muted">{chapter.summary}</div>}
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title="Mind map" status={mindMap.status}>
        {mindMap.markdown === '' ? <Nothing /> : <pre className="mind-map">{mindMap.markdown}</pre>}
      </Panel>
      <section className="card" aria-label="Questions and answers">
        <h2>Q&amp;A</h2>
        {props.askHistory.length === 0 ? (
          <p className="muted">No questions asked yet.</p>
        ) : (
          <dl>
            {props.askHistory.map((entry) => (
              <div key={entry.id}>
                <dt>
                  <strong>{entry.question}</strong>
                </dt>
                <dd>{answerOf(entry)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}

function Panel(props: { title: string; status: GenerationStatus; children: ReactNode }) {
  return (
    <section className="card" aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.status === 'none' && <p className="muted">Not generated yet.</p>}
      {props.status === 'pending' && (
        <p className="muted" role="status">
          Generating…
        </p>
      )}
      {props.status === 'error' && (
        <p className="field-error">This could not be generated; the last attempt failed.</p>
      )}
      {props.status === 'success' && props.children}
    </section>
  );
}

function Nothing() {
  return <p className="muted">Nothing was found for this session.</p>;
}

function answerOf(entry: AskEntry): ReactNode {
  if (entry.status === 'pending') return <span className="muted">Answering…</span>;
  if (entry.status === 'error') {
    return (
      <span className="field-error">
        {entry.answer === '' ? 'This question could not be answered.' : entry.answer}
      </span>
    );
  }
  return entry.answer;
}
