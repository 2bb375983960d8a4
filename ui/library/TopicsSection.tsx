import { useState } from 'react';
import type { Topic } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { showSessionsWith } from '../sessions/sessionFilters.ts';
import { useTopics } from '../store/replicaRecords.ts';
import { TopicForm, type TopicValues } from './TopicForm.tsx';
import { sessionCountText } from './useSessionCounts.ts';

const newTopic: TopicValues = { name: '', emoji: '', description: '' };

/** Topics: create, edit in place, delete (their sessions stay), and open the sessions of one. */
export function TopicsSection(props: { counts: ReadonlyMap<string, number> }) {
  const topics = useTopics();
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<Topic | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);

  const create = async (values: TopicValues) => {
    const { emoji, ...rest } = values;
    await control('POST', '/topics', emoji.trim() === '' ? rest : values);
  };

  const update = async (id: string, values: TopicValues) => {
    await control('PATCH', `/topics/${encodeURIComponent(id)}`, values);
    setEditing(undefined);
  };

  const remove = async (topic: Topic) => {
    setDeleting(undefined);
    try {
      await control('DELETE', `/topics/${encodeURIComponent(topic.id)}`);
    } catch (failure) {
      setError(failure);
    }
  };

  const deletingCount = deleting === undefined ? 0 : (props.counts.get(deleting.id) ?? 0);
  return (
    <section className="card library-section" aria-labelledby="topics-heading">
      <h2 id="topics-heading">Topics</h2>
      <p className="muted">A session has at most one topic: what it is about.</p>
      <TopicForm initial={newTopic} submitLabel="Add topic" onSubmit={create} resetAfterSubmit />
      <ErrorNotice error={error} onDismiss={() => setError(undefined)} />
      {topics.length === 0 ? (
        <p className="muted">No topics yet. Add one above, then choose it on a session's page.</p>
      ) : (
        <ul className="library-list" aria-label="Topics">
          {topics.map((topic) => (
            <li key={topic.id}>
              {editing === topic.id ? (
                <TopicForm
                  initial={{ name: topic.name, emoji: topic.emoji, description: topic.description }}
                  submitLabel="Save"
                  onSubmit={(values) => update(topic.id, values)}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <div className="library-item">
                  <a
                    className="library-item-name"
                    href={hashOf({ page: 'sessions' })}
                    onClick={(event) => {
                      event.preventDefault();
                      showSessionsWith({ topicId: topic.id });
                    }}
                  >
                    <span aria-hidden="true">{topic.emoji}</span> {topic.name}
                  </a>
                  <span className="muted library-item-description">{topic.description}</span>
                  <span className="muted">{sessionCountText(props.counts.get(topic.id) ?? 0)}</span>
                  <span className="library-item-actions">
                    <button type="button" className="button-quiet" onClick={() => setEditing(topic.id)}>
                      Edit<span className="visually-hidden"> {topic.name}</span>
                    </button>
                    <button type="button" className="button-quiet" onClick={() => setDeleting(topic)}>
                      Delete<span className="visually-hidden"> {topic.name}</span>
                    </button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this topic?"
        confirmLabel="Delete topic"
        onConfirm={() => deleting !== undefined && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        “{deleting?.name}” will be deleted.{' '}
        {deletingCount === 0
          ? 'No session has it.'
          : `Its ${sessionCountText(deletingCount)} stay, without a topic.`}
      </ConfirmDialog>
    </section>
  );
}
