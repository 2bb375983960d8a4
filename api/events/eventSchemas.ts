/**
 * The events of the event streams as zod schemas, named in the OpenAPI document (components) so
 * that clients can check a stream's `data:` against them. Each is held to the feed's own types.
 */
import { z } from 'zod';

import type {
  AiArtefact,
  FeedSegment,
  PublishedEvent,
  ServiceEventType,
} from '../../actors/serviceEvents/serviceEventFeed.ts';
import { apiSchemaRegistry } from '../schemas.ts';
import type { droppedNotice, StreamReset } from './streamNotices.ts';

const milliseconds = z.number().nonnegative().meta({ description: 'Milliseconds in the session’s audio' });

const feedSegmentSchema = z
  .object({
    seq: z.int().nonnegative().meta({ description: 'Position of the segment in its session' }),
    text: z.string(),
    startMs: milliseconds,
    endMs: milliseconds,
    speaker: z.string().nullable(),
    language: z.string().nullable(),
  })
  .register(apiSchemaRegistry, { id: 'EventSegment' }) satisfies z.ZodType<FeedSegment>;

const aiArtefactSchema = z.enum([
  'summary',
  'mindMap',
  'correctedTranscript',
  'translatedTranscript',
  'askHistory',
] satisfies AiArtefact[]);

/** What every event carries beside its own fields. */
function published<Type extends ServiceEventType, Shape extends z.ZodRawShape>(
  type: Type,
  description: string,
  shape: Shape,
) {
  return z
    .object({
      type: z.literal(type),
      id: z.string().meta({ description: 'The feed id, "<launch>-<n>": what Last-Event-ID resumes after' }),
      at: z.iso.datetime().meta({ description: 'When it happened (UTC)' }),
      sessionId: z.string(),
      ...shape,
    })
    .meta({ description });
}

export const publishedEventSchema = z
  .discriminatedUnion('type', [
    published('session.started', 'A session began recording (live, or a file job)', {
      title: z.string(),
      providerId: z.string(),
    }),
    published('session.updated', 'A session was renamed, or given another topic or tags', {
      title: z.string().meta({ description: 'The title now' }),
      changed: z.array(z.enum(['title', 'topic', 'tags'])).min(1),
    }),
    published('transcript.partial', "The live session's tentative tail; never stored; '' clears it", {
      text: z.string(),
    }),
    published('transcript.final', 'A segment, told once it is stored', { segment: feedSegmentSchema }),
    published('translation.final', "P01's newly committed translated text", { text: z.string() }),
    published(
      'session.stopped',
      'A session ended; an interrupted one finalised later is told again, completed',
      { status: z.enum(['completed', 'interrupted']) },
    ),
    published('ai.updated', 'Generated artefacts of a session finished changing', {
      artefacts: z.array(aiArtefactSchema).min(1),
    }),
  ])
  .register(apiSchemaRegistry, { id: 'ServiceEvent' }) satisfies z.ZodType<PublishedEvent>;

export const streamResetSchema = z
  .object({
    type: z.literal('stream.reset'),
    id: z.string().optional().meta({ description: 'The newest event id, to resume from later' }),
    reason: z.string(),
  })
  .meta({ description: 'Events after the last event id are lost to this client: read again what it shows' })
  .register(apiSchemaRegistry, { id: 'StreamReset' }) satisfies z.ZodType<StreamReset>;

export const streamDroppedSchema = z
  .object({ type: z.literal('dropped'), reason: z.string() })
  .meta({ description: 'The last event of a stream whose client fell more than 1 MiB behind' })
  .register(apiSchemaRegistry, { id: 'StreamDropped' }) satisfies z.ZodType<typeof droppedNotice>;
