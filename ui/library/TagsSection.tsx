import type { Tag } from '../../store/records.ts';
import { TagChip } from '../sessions/TagChip.tsx';
import { useTags } from '../store/replicaRecords.ts';
import { FormField } from './FormField.tsx';
import { type LibraryKind, LibrarySection } from './LibrarySection.tsx';

type TagValues = Pick<Tag, 'name' | 'color'>;

const tags: LibraryKind<Tag, TagValues> = {
  noun: 'tag',
  path: '/tags',
  heading: 'Tags',
  explanation: 'A session can carry any number of tags.',
  emptyText: "No tags yet. Add one above, then switch it on on a session's page.",
  // The service's own default colour for a new tag, so the colour input starts where it would.
  newValues: { name: '', color: '#4f7cac' },
  valuesOf: ({ name, color }) => ({ name, color }),
  fieldNames: ['name', 'color'],
  fields: (values, change, problems, editing) => (
    <>
      <FormField label="Colour" problem={problems.fields.color}>
        {(input) => (
          <input
            {...input}
            type="color"
            className="library-color"
            value={values.color}
            onChange={(event) => change({ ...values, color: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Name" problem={problems.fields.name}>
        {(input) => (
          <input
            {...input}
            value={values.name}
            autoFocus={editing}
            onChange={(event) => change({ ...values, name: event.target.value })}
          />
        )}
      </FormField>
    </>
  ),
  label: (tag) => <TagChip tag={tag} />,
  filterOf: (tag) => ({ tagId: tag.id }),
  deletionConsequence: (sessionCount) => `It is taken off its ${sessionCount}; the sessions stay.`,
};

/** Tags: create, edit in place, delete (taken off their sessions), and open the sessions of one. */
export function TagsSection(props: { counts: ReadonlyMap<string, number> }) {
  return <LibrarySection kind={tags} items={useTags()} counts={props.counts} />;
}
