import { useState } from 'react';
import type { PromptsAnswer } from '../../api/control/promptControl.ts';
import type { Topic } from '../../store/records.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';

/**
 * The kind of recording a topic's sessions are, whose instructions the AI follows for them
 * (lecture, 1:1, …), or the default ones. The topic's own instructions, if any, stay as they are.
 */
export function TopicTemplateChoice(props: {
  topic: Topic;
  prompts: PromptsAnswer;
  onSaved: (prompts: PromptsAnswer) => void;
}) {
  const { topic, prompts } = props;
  const own = prompts.settings.topics?.[topic.id];
  const [failure, setFailure] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const choose = async (template: string) => {
    setSaving(true);
    setFailure(undefined);
    try {
      props.onSaved(
        await control<PromptsAnswer>('PUT', `/topics/${encodeURIComponent(topic.id)}/prompts`, {
          template: template === '' ? null : template,
          ...(own?.overrides === undefined ? {} : { overrides: own.overrides }),
        }),
      );
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <span className="topic-template">
      <select
        aria-label={`AI template for ${topic.name}`}
        title="The instructions the AI follows for this topic's sessions"
        value={own?.template ?? ''}
        disabled={saving}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value="">AI: default template</option>
        {Object.keys(prompts.templates).map((template) => (
          <option key={template} value={template}>
            AI: {template} template
          </option>
        ))}
      </select>
      <ErrorNotice error={failure} onDismiss={() => setFailure(undefined)} />
    </span>
  );
}
