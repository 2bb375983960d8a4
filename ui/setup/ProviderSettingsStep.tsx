import { useState } from 'react';
import { hashOf } from '../app/route.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ProviderCheckNotice } from '../settings/ProviderCheckNotice.tsx';
import { ProviderForm } from '../settings/ProviderForm.tsx';
import { RuntimeSettings } from '../settings/RuntimeSettings.tsx';
import type { FieldDescriptor, ProviderCheck, ProviderView } from '../settings/settingsTypes.ts';
import { useProviderTest } from '../settings/useProviderTest.ts';
import { transcriptionChoices } from './transcriptionChoices.ts';

/**
 * Steps 2 and 3: what the chosen provider needs, then Test. For a provider with settings, only what a
 * first use needs (credentials, the server's address, required fields); the rest stays in Settings.
 * For whisper.cpp, the runtime's own steps (build, model), then Test. A passed Test leads on.
 */
export function ProviderSettingsStep(props: {
  provider: ProviderView;
  onSaved: (provider: ProviderView) => void;
}) {
  const { provider } = props;
  const { metadata } = provider;
  const [check, setCheck] = useState<ProviderCheck>();
  const choice = transcriptionChoices[metadata.id];
  return (
    <section className="setup-settings" aria-label={`${metadata.name} settings`}>
      {metadata.executionMode === 'managed-runtime' ? (
        <>
          <h2>
            {metadata.name} <span className="provider-label">{metadata.label}</span>
          </h2>
          <RuntimeTest onChecked={setCheck} />
        </>
      ) : (
        <>
          <p>
            Enter what {metadata.name} needs, press <strong>Save</strong>, then <strong>Test</strong>.{' '}
            {choice.way === 'cloud' && choice.link !== undefined && (
              <>
                No key yet?{' '}
                <a href={choice.link.href} target="_blank" rel="noreferrer">
                  {choice.link.text}
                </a>{' '}
                (opens the vendor’s site).
              </>
            )}
          </p>
          <ProviderForm
            provider={provider}
            onSaved={props.onSaved}
            showsField={neededFirst}
            onChecked={setCheck}
          />
          <p className="muted">
            Its other settings (model, languages…) have good defaults; change them any time in{' '}
            <a href={hashOf({ page: 'settings', section: 'providers', provider: metadata.id })}>
              Settings → Providers → {metadata.name}
            </a>
            .
          </p>
        </>
      )}
      {check?.ok !== true && provider.ready && (
        <p className="muted" data-testid="setup-skip-test">
          Its settings are complete. Test them, or go straight on to{' '}
          <a href={hashOf({ page: 'setup', providerId: metadata.id, step: 'record' })}>
            record a first sentence
          </a>
          .
        </p>
      )}
      {check?.ok === true && (
        <div className="notice notice-success setup-next" role="status">
          <span>{metadata.name} works. One step left: say a sentence and watch it appear.</span>
          <a
            className="button button-primary"
            href={hashOf({ page: 'setup', providerId: metadata.id, step: 'record' })}
          >
            Next: record a first sentence
          </a>
        </div>
      )}
    </section>
  );
}

/** What a first use cannot do without: credentials, the server's address, and what is required. */
function neededFirst(field: FieldDescriptor): boolean {
  return field.required || field.kind === 'secret' || field.name === 'baseUrl';
}

/**
 * whisper.cpp's steps: the runtime page itself (build the server, add a model, with their progress),
 * said honestly about models, then the same Test as any provider.
 */
function RuntimeTest(props: { onChecked: (check: ProviderCheck) => void }) {
  const test = useProviderTest('whisper-cpp', props.onChecked);
  return (
    <>
      <p>
        whisper.cpp runs on this computer: Earshot builds its server from source, then needs a speech model
        file. Downloading a model needs an internet connection to huggingface.co; if this computer cannot
        reach it, get a ggml model file (such as <code>ggml-base.bin</code>) on another computer and import it
        in step 2 below.
      </p>
      <RuntimeSettings />
      <div className="card setup-runtime-test">
        <p>Once the program and a model are in place, test that whisper.cpp transcribes.</p>
        <div className="toolbar">
          <button
            type="button"
            className="button-primary"
            onClick={() => void test.run()}
            disabled={test.testing}
            aria-busy={test.testing}
          >
            {test.testing ? 'Testing…' : 'Test'}
          </button>
        </div>
        <div role="status" data-testid="provider-check">
          {test.testing && (
            <p className="muted">Starting whisper-server and transcribing half a second (up to ~30 s)…</p>
          )}
          <ProviderCheckNotice check={test.check} />
        </div>
        <ErrorNotice error={test.failure} onDismiss={test.clear} />
      </div>
    </>
  );
}
