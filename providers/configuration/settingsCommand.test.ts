import { describe, expect, it } from 'vitest';
import { unreachableAdvice } from '../providerAddress.ts';
import { findProvider } from '../registry.ts';
import { checkProviderConfig } from './configCheck.ts';
import { readSettingsCommand, settingsCommandAlternative } from './settingsCommand.ts';

function definitionOf(id: string) {
  const definition = findProvider(id);
  if (definition === undefined) throw new Error(`no provider ${id}`);
  return definition;
}

function refusal(id: string, config: Record<string, unknown>): string {
  const checked = checkProviderConfig(definitionOf(id), config);
  if (checked.ok) throw new Error(`${id} accepted ${JSON.stringify(config)}`);
  return checked.message;
}

describe('readSettingsCommand', () => {
  it('takes the command off the end of a refusal, with the fields it sets', () => {
    expect(readSettingsCommand(refusal('deepgram', {}))).toEqual({
      text: 'P06 Deepgram Nova is not configured: apiKey is required.',
      change: { providerId: 'deepgram', set: ['apiKey'], clear: [] },
      lead: 'Set it with',
    });
  });

  it('reads fields to give a value and fields to clear from one command', () => {
    expect(readSettingsCommand(refusal('cloudflare', { apiKey: 'x' })).change).toEqual({
      providerId: 'cloudflare',
      set: ['apiToken', 'accountId'],
      clear: ['apiKey'],
    });
  });

  it('reads the advice for a server that does not answer and for a cloud endpoint', () => {
    expect(readSettingsCommand(unreachableAdvice(definitionOf('funasr').metadata))).toEqual({
      text: 'Start the server, or fix its address.',
      change: { providerId: 'funasr', set: ['baseUrl'], clear: [] },
      lead: 'Fix it with',
    });
    expect(readSettingsCommand(unreachableAdvice(definitionOf('deepgram').metadata)).change).toEqual({
      providerId: 'deepgram',
      set: [],
      clear: ['endpoint'],
    });
  });

  it('drops a command given as an alternative to the words the message has', () => {
    const message = `binaryPath names /x, which cannot run (clear it in Settings → Providers${settingsCommandAlternative('whisper-cpp', { binaryPath: '' })}, to use the built one).`;
    expect(readSettingsCommand(message)).toEqual({
      text: 'binaryPath names /x, which cannot run (clear it in Settings → Providers, to use the built one).',
      change: { providerId: 'whisper-cpp', set: [], clear: ['binaryPath'] },
    });
  });

  it('leaves a message without a command as it is', () => {
    expect(readSettingsCommand('Deepgram refused the key.')).toEqual({ text: 'Deepgram refused the key.' });
  });
});
