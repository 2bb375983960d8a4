import { type FormEvent, useState } from 'react';
import type { VocabularyAnswer } from '../../api/control/vocabularyControl.ts';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { useControlData } from './useControlData.ts';
import { FormSaveBar } from './FormSaveBar.tsx';
import { useFormSave } from './useFormSave.ts';

/**
 * The custom vocabulary: names and jargon, one term a line, that every session is transcribed
 * with; and which providers are sent it (how, and what a vendor's limit leaves out) and which
 * take none.
 */
export function VocabularySettings() {
  const vocabulary = useControlData<VocabularyAnswer>('/vocabulary');
  if (vocabulary.data === undefined) {
    return vocabulary.error === undefined ? (
      <p className="muted">Loading the vocabulary…</p>
    ) : (
      <ErrorNotice error={vocabulary.error} />
    );
  }
  return <VocabularyForm vocabulary={vocabulary.data} onSaved={vocabulary.replace} />;
}

function VocabularyForm(props: {
  vocabulary: VocabularyAnswer;
  onSaved: (answer: VocabularyAnswer) => void;
}) {
  const [text, setText] = useState(() => props.vocabulary.terms.join('\n'));
  const form = useFormSave();
  const { providers } = props.vocabulary;
  const taking = providers.filter((provider) => provider.parameter !== null);
  const takingNone = providers.filter((provider) => provider.parameter === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const terms = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    return form.save(async () => {
      const answer = await control<VocabularyAnswer>('PUT', '/vocabulary', { terms });
      // The box shows the list as kept: trimmed, blank lines and repeated terms gone.
      setText(answer.terms.join('\n'));
      props.onSaved(answer);
    });
  };

  return (
    <form className="card settings-card vocabulary-settings" onSubmit={(event) => void submit(event)}>
      <h2>Custom vocabulary</h2>
      <p className="muted">
        Names and jargon the speech recognition keeps getting wrong, one term a line. Every session is
        transcribed with them; a session of a topic also with the topic’s own terms, set on its row of the{' '}
        <a href={hashOf({ page: 'library' })}>Library page</a>.
      </p>
      <div className="field">
        <label className="field-label" htmlFor="vocabulary-terms">
          Terms
        </label>
        <textarea
          id="vocabulary-terms"
          rows={8}
          value={text}
          spellCheck={false}
          aria-describedby="vocabulary-terms-hint"
          onChange={(event) => setText(event.target.value)}
        />
        <span className="field-hint" id="vocabulary-terms-hint">
          A word or a phrase a line, at most 100 characters; up to 1,000 terms.
        </span>
      </div>
      <FormSaveBar
        save={form}
        label="Save vocabulary"
        savedText="Saved; the next request to a provider carries it."
      />
      <h3>Who is sent it</h3>
      <ul className="vocabulary-providers">
        {taking.map((provider) => (
          <li key={provider.id}>
            {provider.label} {provider.name}: as <code>{provider.parameter}</code>
            {provider.note !== null && <span className="field-hint"> {provider.note}</span>}
          </li>
        ))}
      </ul>
      <p className="muted">
        Their APIs take no vocabulary:{' '}
        {takingNone.map((provider) => `${provider.label} ${provider.name}`).join(', ')}.
      </p>
    </form>
  );
}
