import type { PromptsAnswer } from '../../api/control/promptControl.ts';
import type { VocabularyAnswer } from '../../api/control/vocabularyControl.ts';
import type { Topic } from '../../store/records.ts';
import { useControlData } from '../settings/useControlData.ts';
import { useTopics } from '../store/replicaRecords.ts';
import { FormField } from './FormField.tsx';
import { type LibraryKind, LibrarySection } from './LibrarySection.tsx';
import { TopicTemplateChoice } from './TopicTemplateChoice.tsx';
import { TopicVocabulary } from './TopicVocabulary.tsx';

type TopicValues = Pick<Topic, 'name' | 'emoji' | 'description'>;

const topics: LibraryKind<Topic, TopicValues> = {
  noun: 'topic',
  path: '/topics',
  heading: 'Topics',
  explanation: 'A session has at most one topic: what it is about.',
  emptyText: "No topics yet. Add one above, then choose it on a session's page.",
  newValues: { name: '', emoji: '', description: '' },
  valuesOf: ({ name, emoji, description }) => ({ name, emoji, description }),
  // An empty emoji is left out so that the service gives the topic its default one.
  creationBody: ({ emoji, ...rest }) => (emoji.trim() === '' ? rest : { emoji, ...rest }),
  fieldNames: ['name', 'emoji', 'description'],
  fields: (values, change, problems, editing) => (
    <>
      <FormField label="Emoji" problem={problems.fields.emoji}>
        {(input) => (
          <input
            {...input}
            className="library-emoji"
            value={values.emoji}
            placeholder="📁"
            onChange={(event) => change({ ...values, emoji: event.target.value })}
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
      <FormField label="Description" problem={problems.fields.description}>
        {(input) => (
          <input
            {...input}
            value={values.description}
            placeholder="What sessions belong here"
            onChange={(event) => change({ ...values, description: event.target.value })}
          />
        )}
      </FormField>
    </>
  ),
  label: (topic) => (
    <>
      <span aria-hidden="true">{topic.emoji}</span> {topic.name}
    </>
  ),
  description: (topic) => topic.description,
  filterOf: (topic) => ({ topicId: topic.id }),
  deletionConsequence: (sessionCount) => `Its ${sessionCount} stay, without a topic.`,
};

/**
 * Topics: create, edit in place, delete (their sessions stay), open the sessions of one, and choose
 * the AI template its sessions are generated with and the terms they add to the custom vocabulary.
 */
export function TopicsSection(props: { counts: ReadonlyMap<string, number> }) {
  const prompts = useControlData<PromptsAnswer>('/prompts');
  const vocabulary = useControlData<VocabularyAnswer>('/vocabulary');
  const { data } = prompts;
  const terms = vocabulary.data;
  const kind: LibraryKind<Topic, TopicValues> =
    data === undefined && terms === undefined
      ? topics
      : {
          ...topics,
          // One cell of the row: the template choice, with the vocabulary's disclosure under it.
          details: (topic) => (
            <span className="topic-details">
              {data !== undefined && (
                <TopicTemplateChoice topic={topic} prompts={data} onSaved={prompts.replace} />
              )}
              {terms !== undefined && (
                <TopicVocabulary topic={topic} vocabulary={terms} onSaved={vocabulary.reload} />
              )}
            </span>
          ),
        };
  return <LibrarySection kind={kind} items={useTopics()} counts={props.counts} />;
}
