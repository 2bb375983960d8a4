import { type FormEvent, useState } from 'react';
import type { AudioRetentionAnswer } from '../../api/control/audioRetentionControl.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { control } from '../connection/control.ts';
import { formatBytes } from '../format/bytes.ts';
import { useControlData } from './useControlData.ts';
import { FormSaveBar } from './FormSaveBar.tsx';
import { useFormSave } from './useFormSave.ts';

type Choice = 'forever' | 'days' | 'never';

const choiceLabels: Record<Choice, string> = {
  forever: 'Keep it until the session is deleted',
  days: 'Delete it some days after it was recorded',
  never: 'Record no audio',
};

/**
 * How long the audio of live sessions is kept on this computer, and how much it takes now. The
 * audio is what playback and transcribing again use; the transcript stays whatever is chosen.
 */
export function AudioSettings() {
  const retention = useControlData<AudioRetentionAnswer>('/settings/audio-retention');
  if (retention.data === undefined) {
    return retention.error === undefined ? (
      <p className="muted">Loading the audio settings…</p>
    ) : (
      <ErrorNotice error={retention.error} />
    );
  }
  return <AudioRetentionForm retention={retention.data} onSaved={retention.replace} />;
}

function AudioRetentionForm(props: {
  retention: AudioRetentionAnswer;
  onSaved: (answer: AudioRetentionAnswer) => void;
}) {
  const { keep, stored } = props.retention;
  const [choice, setChoice] = useState<Choice>(typeof keep === 'number' ? 'days' : keep);
  const [days, setDays] = useState(typeof keep === 'number' ? String(keep) : '30');
  const form = useFormSave();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The service checks the number of days and says what it takes.
    const body = { keep: choice === 'days' ? Number(days) : choice };
    return form.save(async () =>
      props.onSaved(await control<AudioRetentionAnswer>('PUT', '/settings/audio-retention', body)),
    );
  };

  return (
    <form className="card settings-card audio-settings" onSubmit={(event) => void submit(event)}>
      <h2>Session audio</h2>
      <p className="muted">
        Earshot keeps the audio of every live session on this computer, so you can listen to any moment of it
        and transcribe it again with another provider. The transcript stays whatever you choose here.
      </p>
      <p className="audio-stored">
        {stored.sessions === 0
          ? 'No session has audio kept now.'
          : `Kept now: the audio of ${stored.sessions} ${stored.sessions === 1 ? 'session' : 'sessions'}, ${formatBytes(stored.bytes)}.`}
      </p>
      <fieldset className="field choice-list">
        <legend className="field-label">Keep a session’s audio</legend>
        {(Object.keys(choiceLabels) as Choice[]).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="audio-retention"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
            />{' '}
            {choiceLabels[value]}
          </label>
        ))}
      </fieldset>
      {choice === 'days' && (
        <div className="field">
          <label className="field-label" htmlFor="audio-retention-days">
            Days to keep it
          </label>
          <input
            id="audio-retention-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={36_500}
            value={days}
            aria-describedby="audio-retention-days-hint"
            onChange={(event) => setDays(event.target.value)}
          />
          <span className="field-hint" id="audio-retention-days-hint">
            Counted from when the audio was last recorded. Audio already older is deleted when you save.
          </span>
        </div>
      )}
      {choice === 'never' && (
        <p className="field-hint">
          Sessions recorded from now on keep no audio. Audio already kept stays until its session is deleted.
        </p>
      )}
      <FormSaveBar save={form} />
    </form>
  );
}
