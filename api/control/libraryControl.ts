import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Tag, Topic } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';
import { trimmedText } from './textField.ts';

export const defaultTopicEmoji = '📁';
/** A calm blue that reads on light and dark backgrounds alike. */
export const defaultTagColor = '#4f7cac';

const topicFields = {
  name: trimmedText(1, 80),
  emoji: trimmedText(1, 16),
  description: trimmedText(0, 500),
};
export const newTopicSchema = z
  .object({
    name: topicFields.name,
    emoji: topicFields.emoji.default(defaultTopicEmoji),
    description: topicFields.description.default(''),
  })
  .strict();
export const topicPatchSchema = z.object(topicFields).partial().strict();
const topicUsage =
  'Send {"name": "<1–80 characters>", "emoji"?: "<up to 16 characters>", "description"?: "<up to 500 characters>"}.';

const tagColor = z
  .string({ error: 'A colour as #rrggbb.' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'A colour as #rrggbb.' })
  .transform((color) => color.toLowerCase());
export const newTagSchema = z
  .object({ name: trimmedText(1, 40), color: tagColor.default(defaultTagColor) })
  .strict();
export const tagPatchSchema = z
  .object({ name: trimmedText(1, 40), color: tagColor })
  .partial()
  .strict();
const tagUsage = 'Send {"name": "<1–40 characters>", "color"?: "#rrggbb"}.';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * Topics and tags, relative to the control channel's base path:
 * - `GET /topics` → `{topics}` with each one's `sessionCount`; `POST /topics` → 201 `{topic}`;
 *   `PATCH /topics/:id` → `{topic}`; `DELETE /topics/:id` → 204 (its sessions stay, without it)
 * - the same for `/tags` with `{tags}` and `{tag}` (a deleted tag is taken off its sessions)
 * Names are unique regardless of case.
 */
export function createLibraryControl(dependencies: { store: SessionStore }): Hono {
  const { store } = dependencies;
  const app = new Hono();

  app.get('/topics', (context) => context.json({ topics: store.listTopics() }, 200, noStore));

  app.post('/topics', async (context) => {
    const parsed = await parseJsonBody(context, newTopicSchema, topicUsage);
    if (!parsed.ok) return parsed.response;
    const topic: Topic = { id: randomUUID(), ...parsed.data };
    if (nameTaken(store.listTopics(), topic)) return topicExists(topic.name);
    store.putTopic(topic);
    return context.json({ topic }, 201, noStore);
  });

  app.patch('/topics/:id', async (context) => {
    const current = store.listTopics().find((topic) => topic.id === context.req.param('id'));
    if (current === undefined) return topicNotFound(context.req.param('id'));
    const parsed = await parseJsonBody(context, topicPatchSchema, topicUsage);
    if (!parsed.ok) return parsed.response;
    const topic: Topic = {
      id: current.id,
      name: parsed.data.name ?? current.name,
      emoji: parsed.data.emoji ?? current.emoji,
      description: parsed.data.description ?? current.description,
    };
    if (nameTaken(store.listTopics(), topic)) return topicExists(topic.name);
    store.putTopic(topic);
    return context.json({ topic }, 200, noStore);
  });

  app.delete('/topics/:id', (context) => {
    const id = context.req.param('id');
    if (!store.hasTopic(id)) return topicNotFound(id);
    store.deleteTopic(id);
    return context.body(null, 204);
  });

  app.get('/tags', (context) => context.json({ tags: store.listTags() }, 200, noStore));

  app.post('/tags', async (context) => {
    const parsed = await parseJsonBody(context, newTagSchema, tagUsage);
    if (!parsed.ok) return parsed.response;
    const tag: Tag = { id: randomUUID(), ...parsed.data };
    if (nameTaken(store.listTags(), tag)) return tagExists(tag.name);
    store.putTag(tag);
    return context.json({ tag }, 201, noStore);
  });

  app.patch('/tags/:id', async (context) => {
    const current = store.listTags().find((tag) => tag.id === context.req.param('id'));
    if (current === undefined) return tagNotFound(context.req.param('id'));
    const parsed = await parseJsonBody(context, tagPatchSchema, tagUsage);
    if (!parsed.ok) return parsed.response;
    const tag: Tag = {
      id: current.id,
      name: parsed.data.name ?? current.name,
      color: parsed.data.color ?? current.color,
    };
    if (nameTaken(store.listTags(), tag)) return tagExists(tag.name);
    store.putTag(tag);
    return context.json({ tag }, 200, noStore);
  });

  app.delete('/tags/:id', (context) => {
    const id = context.req.param('id');
    if (!store.hasTag(id)) return tagNotFound(id);
    store.deleteTag(id);
    return context.body(null, 204);
  });

  return app;
}

/** Whether another entry already has `entry`'s name, ignoring case. */
function nameTaken(
  existing: ReadonlyArray<{ id: string; name: string }>,
  entry: { id: string; name: string },
) {
  const folded = entry.name.toLowerCase();
  return existing.some((other) => other.id !== entry.id && other.name.toLowerCase() === folded);
}

function topicExists(name: string): Response {
  return errorResponse('topic_exists', `There is a topic named “${name}” already; choose another name.`, {
    fields: { name: 'Already used by another topic.' },
  });
}

function tagExists(name: string): Response {
  return errorResponse('tag_exists', `There is a tag named “${name}” already; choose another name.`, {
    fields: { name: 'Already used by another tag.' },
  });
}

function topicNotFound(id: string): Response {
  return errorResponse('topic_not_found', `There is no topic ${id}; it may have been deleted.`);
}

function tagNotFound(id: string): Response {
  return errorResponse('tag_not_found', `There is no tag ${id}; it may have been deleted.`);
}
