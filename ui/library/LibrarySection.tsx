import { type ReactNode, useState } from 'react';
import { hashOf } from '../app/route.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { type SessionFilters, showSessionsWith } from '../sessions/sessionFilters.ts';
import type { FormProblems } from './formProblems.ts';
import { LibraryForm } from './LibraryForm.tsx';
import { sessionCountText } from './useSessionCounts.ts';

/** What differs between the topics and the tags sections; everything else is the same. */
export interface LibraryKind<Item extends { id: string; name: string }, Values extends { name: string }> {
  noun: 'topic' | 'tag';
  /** The control path of the collection, e.g. `/topics`. */
  path: string;
  heading: string;
  explanation: string;
  emptyText: string;
  newValues: Values;
  valuesOf: (item: Item) => Values;
  /** What a create request sends; default: the values as they are. */
  creationBody?: (values: Values) => unknown;
  fieldNames: readonly (keyof Values & string)[];
  /** Draws the inputs; `editing` is true for an item being edited in place (its name takes the focus). */
  fields: (
    values: Values,
    change: (values: Values) => void,
    problems: FormProblems,
    editing: boolean,
  ) => ReactNode;
  /** The item's name as the list shows it. */
  label: (item: Item) => ReactNode;
  description?: (item: Item) => string;
  /** More about the item, shown before its actions (a topic's prompt template). */
  details?: (item: Item) => ReactNode;
  /** The sessions list filter that shows this item's sessions. */
  filterOf: (item: Item) => Partial<SessionFilters>;
  /** What deleting does to the item's sessions, for a count above zero. */
  deletionConsequence: (sessionCount: string) => string;
}

/** A topics or tags section: create, edit in place, delete after confirming, open the sessions of one. */
export function LibrarySection<
  Item extends { id: string; name: string },
  Values extends { name: string },
>(props: { kind: LibraryKind<Item, Values>; items: Item[]; counts: ReadonlyMap<string, number> }) {
  const { kind, items, counts } = props;
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<Item | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const itemPath = (item: Item) => `${kind.path}/${encodeURIComponent(item.id)}`;

  const create = async (values: Values) => {
    await control('POST', kind.path, kind.creationBody?.(values) ?? values);
  };

  const update = async (item: Item, values: Values) => {
    await control('PATCH', itemPath(item), values);
    setEditing(undefined);
  };

  const remove = async (item: Item) => {
    setDeleting(undefined);
    try {
      await control('DELETE', itemPath(item));
    } catch (failure) {
      setError(failure);
    }
  };

  const form = { noun: kind.noun, fieldNames: kind.fieldNames, fields: kind.fields };
  const deletingCount = deleting === undefined ? 0 : (counts.get(deleting.id) ?? 0);
  const headingId = `${kind.noun}s-heading`;
  return (
    <section className="card library-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{kind.heading}</h2>
      <p className="muted">{kind.explanation}</p>
      <LibraryForm
        {...form}
        initial={kind.newValues}
        submitLabel={`Add ${kind.noun}`}
        onSubmit={create}
        resetAfterSubmit
      />
      <ErrorNotice error={error} onDismiss={() => setError(undefined)} />
      {items.length === 0 ? (
        <p className="muted">{kind.emptyText}</p>
      ) : (
        <ul className="library-list" aria-label={kind.heading}>
          {items.map((item) => (
            <li key={item.id}>
              {editing === item.id ? (
                <LibraryForm
                  {...form}
                  initial={kind.valuesOf(item)}
                  submitLabel="Save"
                  onSubmit={(values) => update(item, values)}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <div className="library-item">
                  <a
                    className="library-item-name"
                    href={hashOf({ page: 'sessions' })}
                    onClick={(event) => {
                      event.preventDefault();
                      showSessionsWith(kind.filterOf(item));
                    }}
                  >
                    {kind.label(item)}
                  </a>
                  <span className="muted library-item-description">{kind.description?.(item)}</span>
                  <span className="muted">{sessionCountText(counts.get(item.id) ?? 0)}</span>
                  {kind.details?.(item)}
                  <span className="library-item-actions">
                    <button type="button" className="button-quiet" onClick={() => setEditing(item.id)}>
                      Edit<span className="visually-hidden"> {item.name}</span>
                    </button>
                    <button type="button" className="button-quiet" onClick={() => setDeleting(item)}>
                      Delete<span className="visually-hidden"> {item.name}</span>
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
        title={`Delete this ${kind.noun}?`}
        confirmLabel={`Delete ${kind.noun}`}
        onConfirm={() => deleting !== undefined && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        “{deleting?.name}” will be deleted.{' '}
        {deletingCount === 0
          ? 'No session has it.'
          : kind.deletionConsequence(sessionCountText(deletingCount))}
      </ConfirmDialog>
    </section>
  );
}
