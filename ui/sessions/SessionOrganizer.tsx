import { useId, useState } from 'react';
import type { SessionRecord } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { useTags, useTopics } from '../store/replicaRecords.ts';
import { tagColorStyle } from './TagChip.tsx';

/** The session's topic (a select) and tags (chips that toggle), saved as soon as they change. */
export function SessionOrganizer(props: { session: SessionRecord }) {
  const { session } = props;
  const topics = useTopics();
  const tags = useTags();
  const [error, setError] = useState<unknown>(undefined);
  const topicSelectId = useId();

  const save = async (patch: { topicId?: string | null; tagIds?: string[] }) => {
    setError(undefined);
    try {
      await control('PATCH', `/sessions/${encodeURIComponent(session.id)}`, patch);
    } catch (failure) {
      setError(failure);
    }
  };

  const toggleTag = (tagId: string) =>
    save({
      tagIds: session.tagIds.includes(tagId)
        ? session.tagIds.filter((id) => id !== tagId)
        : [...session.tagIds, tagId],
    });

  return (
    <section className="card" aria-label="Topic and tags">
      <ErrorNotice error={error} onDismiss={() => setError(undefined)} />
      <div className="session-organize">
        <div className="field">
          <label className="field-label" htmlFor={topicSelectId}>
            Topic
          </label>
          <select
            id={topicSelectId}
            value={session.topicId ?? ''}
            onChange={(event) =>
              void save({ topicId: event.target.value === '' ? null : event.target.value })
            }
          >
            <option value="">No topic</option>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.emoji} {topic.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field session-tags">
          <legend className="field-label">Tags</legend>
          {tags.length === 0 ? (
            <span className="field-hint">
              No tags yet. <a href={hashOf({ page: 'library' })}>Create tags</a> to sort sessions.
            </span>
          ) : (
            <div className="session-tag-choices">
              {tags.map((tag) => (
                <button
                  key={tag.id}
                  type="button"
                  className="tag-chip"
                  style={tagColorStyle(tag.color)}
                  aria-pressed={session.tagIds.includes(tag.id)}
                  onClick={() => void toggleTag(tag.id)}
                >
                  <span className="tag-dot" aria-hidden="true" />
                  {tag.name}
                </button>
              ))}
            </div>
          )}
        </fieldset>
      </div>
    </section>
  );
}
