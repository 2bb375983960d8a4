import { describe, expect, it } from 'vitest';
import { configFormFields } from '../../api/control/configFormFields.ts';
import type { ProviderView } from '../../api/control/providerView.ts';
import { checkProviderConfig } from '../../providers/configuration/configCheck.ts';
import { unreachableAdvice } from '../../providers/providerAddress.ts';
import { providerDefinitions } from '../../providers/registry.ts';
import { runtimeSetupProblem } from '../../providers/whisper-cpp/runtimeSetupProblem.ts';
import { inAppProblem, withoutCommandLines } from '../../ui/settings/inAppRemedy.ts';

/** The names and labels the service answers on GET /providers: all that inAppProblem reads. */
const catalog = providerDefinitions.map(
  (definition) => ({ metadata: definition.metadata, fields: configFormFields(definition) }) as ProviderView,
);

function definitionOf(id: string) {
  const definition = providerDefinitions.find(({ metadata }) => metadata.id === id);
  if (definition === undefined) throw new Error(`no provider ${id}`);
  return definition;
}

function refusal(id: string, config: Record<string, unknown>): string {
  const checked = checkProviderConfig(definitionOf(id), config);
  if (checked.ok) throw new Error('accepted');
  return checked.message;
}

describe('inAppProblem', () => {
  it('says where in Settings to enter a missing key instead of a command line', () => {
    expect(inAppProblem(refusal('deepgram', {}), catalog)).toEqual({
      text:
        'P06 Deepgram Nova is not configured: API key is required. ' +
        'Open Settings → Providers → Deepgram Nova and enter the API key.',
      settings: { providerId: 'deepgram', providerName: 'Deepgram Nova' },
    });
  });

  it('names every field to enter and to clear by its label', () => {
    const { text } = inAppProblem(refusal('cloudflare', { apiKey: 'x' }), catalog);
    expect(text).toMatch(
      /Open Settings → Providers → Workers AI Whisper and enter the API token and account ID and clear the apiKey\.$/,
    );
    expect(text).not.toMatch(/earshot/);
  });

  it('turns the advice for a server that does not answer into the app’s words', () => {
    expect(inAppProblem(unreachableAdvice(definitionOf('funasr').metadata), catalog).text).toBe(
      'Start the server, or fix its address. Open Settings → Providers → FunASR / SenseVoice server and enter the server address.',
    );
  });

  it('keeps the settings’ own names until the catalog has answered', () => {
    expect(inAppProblem(refusal('groq', {}), undefined).text).toBe(
      'P11 Groq is not configured: apiKey is required. Open Settings → Providers → groq and enter the apiKey.',
    );
  });

  it('leaves a message without a command as the service said it', () => {
    expect(inAppProblem('Deepgram refused the key.', catalog)).toEqual({ text: 'Deepgram refused the key.' });
  });
});

describe('withoutCommandLines', () => {
  it("says the whisper.cpp runtime's missing steps as the places in the app, without command lines", () => {
    const problem = runtimeSetupProblem({
      binaryPath: '/nowhere/whisper-server',
      binaryManaged: true,
      modelPath: undefined,
    });
    expect(problem).toContain('`earshot runtime build`');
    expect(withoutCommandLines(problem ?? '')).toBe(
      'P14 whisper.cpp is not set up: whisper-server is not built (Settings → Runtime → Build binary) and ' +
        'no model is chosen (Settings → Runtime → Download model).',
    );
  });

  it('keeps a message that offers no command line as it is', () => {
    const message = 'The server at http://127.0.0.1:8080 answered 500 (Internal error).';
    expect(withoutCommandLines(message)).toBe(message);
  });
});
