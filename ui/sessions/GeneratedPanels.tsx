import type { ReactNode } from 'react';
import type { DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import type { GenerationStatus, Segment, SessionRecord } from '../../store/records.ts';
import { AiDigest } from './AiDigest.tsx';
import { isEndedAiJob } from './aiJobStates.ts';
import { artefactLabels } from './aiJobText.ts';
import { ChapterList } from './ChapterList.tsx';
import { MindMapView } from './MindMapView.tsx';
import { QuestionsPanel } from './QuestionsPanel.tsx';
import { useAiProviderFor } from './useAiProviderFor.ts';
import { type SessionAiJob, useSessionAiJob } from './useSessionAiJob.ts';

/**
 * What is generated from the transcript (summary, action items, keywords, chapters, mind map, Q&A),
 * each saying honestly where it stands: not generated (and how to generate it), generating,
 * failed, or its content; with Generate for all of them and Generate or Regenerate for each, while
 * no AI job of the session runs; and the questions asked about the session, with the box to ask
 * another.
 */
export function GeneratedPanels(props: {
  session: SessionRecord;
  segments: Segment[];
  onRevealSegment: (segment: Segment) => void;
}) {
  const { postProcess, mindMap } = props.session;
  const aiJob = useSessionAiJob(props.session);
  const noAiProvider = useAiProviderFor(props.session).state === 'none';
  const panel = { aiJob, noAiProvider, postProcessStatus: postProcess.status, mindMapStatus: mindMap.status };
  return (
    <>
      <AiDigest
        aiJob={aiJob}
        generatedBefore={wasGenerated(postProcess.status) || wasGenerated(mindMap.status)}
        noAiProvider={noAiProvider}
      />
      <div className="generated-panels">
        <Panel {...panel} title="Summary" artefact="summary" hasContent={postProcess.summary !== ''}>
          <p>{postProcess.summary}</p>
        </Panel>
        <Panel
          {...panel}
          title="Action items"
          artefact="actionItems"
          hasContent={postProcess.actionItems.length > 0}
        >
          <ul>
            {postProcess.actionItems.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </Panel>
        <Panel {...panel} title="Keywords" artefact="keywords" hasContent={postProcess.keywords.length > 0}>
          <p>{postProcess.keywords.join(', ')}</p>
        </Panel>
        <Panel {...panel} title="Chapters" artefact="chapters" hasContent={postProcess.chapters.length > 0}>
          <ChapterList
            chapters={postProcess.chapters}
            segments={props.segments}
            onReveal={props.onRevealSegment}
          />
        </Panel>
        <Panel {...panel} title="Mind map" artefact="mindMap" hasContent={mindMap.markdown !== ''} wide>
          <MindMapView markdown={mindMap.markdown} />
        </Panel>
        <QuestionsPanel
          session={props.session}
          segments={props.segments}
          onRevealSegment={props.onRevealSegment}
        />
      </div>
    </>
  );
}

/**
 * One artefact. The summary, action items, keywords and chapters share one status in the session,
 * so whether this one is being made is the running job's to say (a job for the chapters leaves the
 * summary as it is); without a job known, `pending` says it.
 */
function Panel(props: {
  title: string;
  artefact: DigestArtefact;
  aiJob: SessionAiJob;
  noAiProvider: boolean;
  postProcessStatus: GenerationStatus;
  mindMapStatus: GenerationStatus;
  hasContent: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  const { job, busy, generate } = props.aiJob;
  const status = props.artefact === 'mindMap' ? props.mindMapStatus : props.postProcessStatus;
  const generating =
    job !== undefined && !isEndedAiJob(job) ? job.artefacts.includes(props.artefact) : status === 'pending';
  const action = props.hasContent || wasGenerated(status) ? 'Regenerate' : 'Generate';
  return (
    <section className={props.wide ? 'card generated-panel-wide' : 'card'} aria-label={props.title}>
      <div className="panel-heading">
        <h2>{props.title}</h2>
        <button
          type="button"
          className="button-quiet"
          disabled={busy}
          aria-label={`${action} ${artefactLabels[props.artefact]}`}
          onClick={() => generate([props.artefact])}
        >
          {action}
        </button>
      </div>
      {generating && (
        <p className="muted" role="status">
          Generating…
        </p>
      )}
      {!generating && status === 'error' && (
        <p className="field-error">This could not be generated; the last attempt failed.</p>
      )}
      {props.hasContent
        ? props.children
        : !generating &&
          status !== 'error' && <Absent status={status} action={action} noAiProvider={props.noAiProvider} />}
    </section>
  );
}

/** Whether an attempt to make it has ended; `pending` alone says nothing about earlier ones. */
function wasGenerated(status: GenerationStatus): boolean {
  return status === 'success' || status === 'error';
}

/**
 * An artefact without content: made and empty (nothing was found), or never made, with how to make
 * it: the panel's own button. Without an AI provider, the digest above says once how to set one up.
 */
function Absent(props: { status: GenerationStatus; action: string; noAiProvider: boolean }) {
  if (props.status === 'success') return <p className="muted">Nothing was found for this session.</p>;
  return (
    <p className="muted">
      Not generated yet.
      {!props.noAiProvider && ` ${props.action} writes it from the transcript with your AI provider.`}
    </p>
  );
}
