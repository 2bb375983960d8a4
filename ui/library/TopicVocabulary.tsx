import { type FormEvent, useState } from 'react';
import type { VocabularyAnswer } from '../../api/control/vocabularyControl.ts';
import type { Topic } from '../../store/records.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';

/**
 * The terms a topic adds to its sessions' custom vocabulary (everyone's are in Settings →
 * Vocabulary), one a line, behind a disclosure that says how many there are.
 */
export function TopicVocabulary(props: { topic: Topic; vocabulary: VocabularyAnswer; onSaved: () => void }) {
  const { topic } = props;
  const saved = props.vocabulary.topics[topic.id] ?? [];
  const [text, setText] = useState(() => saved.join('\n'));
  const [failure, setFailure] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const fieldId = `topic-vocabulary-${topic.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(undefined);
    const terms = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    try {
      const answer = await control<{ terms: string[] }>(
        'PUT',
        `/topics/${encodeURIComponent(topic.id)}/vocabulary`,
        { terms },
      );
      setText(answer.terms.join('\n'));
      props.onSaved();
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="topic-vocabulary">
      <summary>
        Vocabulary{saved.length === 0 ? '' : ` (${saved.length})`}
        <span className="visually-hidden"> of {topic.name}</span>
      </summary>
      <form onSubmit={(event) => void submit(event)}>
        <label className="field-label" htmlFor={fieldId}>
          Terms its sessions add, one a line
        </label>
        <textarea
          id={fieldId}
          rows={4}
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
        <button type="submit" className="button-quiet" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
          <span className="visually-hidden"> the vocabulary of {topic.name}</span>
        </button>
      </form>
    </details>
  );
}
