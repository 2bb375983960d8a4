import { useState } from 'react';
import type { Tag } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { showSessionsWith } from '../sessions/sessionFilters.ts';
import { TagChip } from '../sessions/TagChip.tsx';
import { useTags } from '../store/replicaRecords.ts';
import { TagForm, type TagValues } from './TagForm.tsx';
import { sessionCountText } from './useSessionCounts.ts';

/** The service's own default colour for a new tag, so the colour input starts where it would. */
const newTag: TagValues = { name: '', color: '#4f7cac' };

/** Tags: create, edit in place, delete (taken off their sessions), and open the sessions of one. */
export function TagsSection(props: { counts: ReadonlyMap<string, number> }) {
  const tags = useTags();
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tag | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);

  const create = async (values: TagValues) => {
    await control('POST', '/tags', values);
  };

  const update = async (id: string, values: TagValues) => {
    await control('PATCH', `/tags/${encodeURIComponent(id)}`, values);
    setEditing(undefined);
  };

  const remove = async (tag: Tag) => {
    setDeleting(undefined);
    try {
      await control('DELETE', `/tags/${encodeURIComponent(tag.id)}`);
    } catch (failure) {
      setError(failure);
    }
  };

  const deletingCount = deleting === undefined ? 0 : (props.counts.get(deleting.id) ?? 0);
  return (
    <section className="card library-section" aria-labelledby="tags-heading">
      <h2 id="tags-heading">Tags</h2>
      <p className="muted">A session can carry any number of tags.</p>
      <TagForm initial={newTag} submitLabel="Add tag" onSubmit={create} resetAfterSubmit />
      <ErrorNotice error={error} onDismiss={() => setError(undefined)} />
      {tags.length === 0 ? (
        <p className="muted">No tags yet. Add one above, then switch it on on a session's page.</p>
      ) : (
        <ul className="library-list" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag.id}>
              {editing === tag.id ? (
                <TagForm
                  initial={{ name: tag.name, color: tag.color }}
                  submitLabel="Save"
                  onSubmit={(values) => update(tag.id, values)}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <div className="library-item">
                  <a
                    className="library-item-name"
                    href={hashOf({ page: 'sessions' })}
                    onClick={(event) => {
                      event.preventDefault();
                      showSessionsWith({ tagId: tag.id });
                    }}
                  >
                    <TagChip tag={tag} />
                  </a>
                  <span />
                  <span className="muted">{sessionCountText(props.counts.get(tag.id) ?? 0)}</span>
                  <span className="library-item-actions">
                    <button type="button" className="button-quiet" onClick={() => setEditing(tag.id)}>
                      Edit<span className="visually-hidden"> {tag.name}</span>
                    </button>
                    <button type="button" className="button-quiet" onClick={() => setDeleting(tag)}>
                      Delete<span className="visually-hidden"> {tag.name}</span>
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
        title="Delete this tag?"
        confirmLabel="Delete tag"
        onConfirm={() => deleting !== undefined && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        “{deleting?.name}” will be deleted.{' '}
        {deletingCount === 0
          ? 'No session has it.'
          : `It is taken off its ${sessionCountText(deletingCount)}; the sessions stay.`}
      </ConfirmDialog>
    </section>
  );
}
