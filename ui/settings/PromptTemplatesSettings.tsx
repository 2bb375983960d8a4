import { type FormEvent, useState } from 'react';
import type { PromptsAnswer } from '../../api/control/promptControl.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { useControlData } from './useControlData.ts';
import { FormSaveBar } from './FormSaveBar.tsx';
import { useFormSave } from './useFormSave.ts';

/**
 * The instructions the AI is given for each artefact: the default shown in each box, to edit (an
 * edited one replaces the default, and a topic's template, for every session) or reset; and the
 * language to write in. A topic's template is chosen on the Library page.
 */
export function PromptTemplatesSettings() {
  const prompts = useControlData<PromptsAnswer>('/prompts');
  if (prompts.data === undefined) {
    return prompts.error === undefined ? (
      <p className="muted">Loading the prompts…</p>
    ) : (
      <ErrorNotice error={prompts.error} />
    );
  }
  return (
    <PromptTemplatesForm
      key={JSON.stringify(prompts.data.settings)}
      prompts={prompts.data}
      onSaved={prompts.replace}
    />
  );
}

function PromptTemplatesForm(props: { prompts: PromptsAnswer; onSaved: (prompts: PromptsAnswer) => void }) {
  const { defaults, artefacts, settings } = props.prompts;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(artefacts.map(({ name }) => [name, settings.overrides?.[name] ?? defaults[name]])),
  );
  const [outputLanguage, setOutputLanguage] = useState(settings.outputLanguage ?? '');
  const form = useFormSave();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what differs from the default is kept, so a later better default still reaches the rest.
    const overrides = Object.fromEntries(
      artefacts
        .map(({ name }) => [name, texts[name]?.trim() ?? ''] as const)
        .filter(([name, text]) => text !== '' && text !== defaults[name]),
    );
    return form.save(async () =>
      props.onSaved(
        await control<PromptsAnswer>('PUT', '/prompts', {
          overrides,
          ...(outputLanguage.trim() === '' ? {} : { outputLanguage: outputLanguage.trim() }),
        }),
      ),
    );
  };

  return (
    <form className="card settings-card prompt-templates" onSubmit={(event) => void submit(event)}>
      <h2>Prompt templates</h2>
      <p className="muted">
        What the AI is told to write for each part. Each box starts with the default; what you change is used
        for every session, over a topic’s template (chosen on the Library page). Placeholders:{' '}
        <code>{'{{language}}'}</code>, <code>{'{{targetLanguage}}'}</code>.
      </p>
      <div className="field">
        <label className="field-label" htmlFor="prompt-output-language">
          Output language
        </label>
        <input
          id="prompt-output-language"
          type="text"
          value={outputLanguage}
          placeholder="The transcript’s"
          onChange={(event) => setOutputLanguage(event.target.value)}
        />
        <span className="field-hint">
          A language name or code, such as German or de; empty: the transcript’s.
        </span>
      </div>
      {artefacts.map(({ name, label }) => {
        const text = texts[name] ?? '';
        const edited = text.trim() !== defaults[name];
        return (
          <div className="field" key={name}>
            <label className="field-label" htmlFor={`prompt-${name}`}>
              {label.replace(/^the /, '')}
              {edited && <span className="badge badge-warning">Edited</span>}
            </label>
            <textarea
              id={`prompt-${name}`}
              rows={3}
              value={text}
              onChange={(event) => setTexts((current) => ({ ...current, [name]: event.target.value }))}
            />
            {edited && (
              <button
                type="button"
                className="button-quiet"
                onClick={() => setTexts((current) => ({ ...current, [name]: defaults[name] }))}
              >
                Reset to the default
              </button>
            )}
          </div>
        );
      })}
      <FormSaveBar save={form} label="Save prompts" savedText="Saved; the next AI job uses them." />
    </form>
  );
}
