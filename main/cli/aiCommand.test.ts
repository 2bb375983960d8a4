import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAiSettings } from '../../store/aiProviderSettings.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { startOllamaFake, type OllamaFake } from '../../test/fakes/ai/ollamaFake.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { aiCommand, type AiOptions } from './aiCommand.ts';
import { UsageError } from './usage.ts';

const token = 'ollama-proxy-token-0123456789';
let fake: OllamaFake;
let directory: ReturnType<typeof temporaryDirectory>;
let printed: string[];

beforeAll(async () => {
  fake = await startOllamaFake({ models: ['llama3.2'], apiKey: token });
});
afterAll(() => fake.close());
beforeEach(() => {
  directory = temporaryDirectory('ai-command');
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => printed.push(parts.join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  directory.remove();
});

const options = (extra: Partial<AiOptions> = {}): AiOptions => ({ makeDefault: false, yes: false, ...extra });
const run = (action: string, argument?: string, assignments: string[] = [], extra: Partial<AiOptions> = {}) =>
  aiCommand(directory.path, action, argument, assignments, options(extra));

describe('earshot ai', () => {
  it('sets a provider field by field, shows it without its key, and tests it against the server', async () => {
    await run('set', 'ollama', ['model=llama3.2', 'contextWindow=16384'], { name: 'local' });
    expect(printed.join('\n')).toContain('the AI provider "local" (Ollama), the default.');
    await expect(
      run('set', 'ollama', [`baseUrl=${fake.baseUrl}`, `apiKey=${token}`], { name: 'local' }),
    ).rejects.toThrow(/would be sent to http:\/\/127\.0\.0\.1:\d+\. Nothing was saved; .* --yes/);
    await run('set', 'ollama', [`baseUrl=${fake.baseUrl}`, `apiKey=${token}`], { name: 'local', yes: true });
    printed = [];
    await run('show');
    const shown = printed.join('\n');
    expect(shown).toContain(`local (default): Ollama, llama3.2 at ${fake.baseUrl}, API key set`);
    expect(shown).toContain('context window: 16384 tokens (set)');
    expect(shown).not.toContain(token);
    printed = [];
    await run('test');
    expect(printed.join('\n')).toMatch(/^llama3\.2 at Ollama .* answered in [\d.]+ s: "Ready/);
    expect(fake.windows.at(-1)?.numCtx).toBe(16_384);
  });

  it('fails a test with what to do, never with the key, and names the providers there are', async () => {
    const wrong = `${token.slice(0, -4)}XXXX`;
    await run('set', 'ollama', ['model=llama3.2', `baseUrl=${fake.baseUrl}`, `apiKey=${wrong}`], {
      name: 'local',
      yes: true,
    });
    const failure = await run('test', 'local').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain('refused the API key');
    expect(failure?.message).toContain('earshot ai set ollama --name local apiKey=KEY');
    expect(failure?.message).not.toContain(wrong);
    await expect(run('test', 'other')).rejects.toThrow(
      'There is no AI provider "other". The AI providers are: local.',
    );
  });

  it('makes a provider the default or a topic’s own, and removes it', async () => {
    const store = SessionStore.open(directory.path);
    store.putTopic({ id: 'topic-lectures', name: 'Lectures', emoji: '🎓', description: '' });
    store.close();
    await run('set', 'ollama', ['model=llama3.2'], { name: 'local' });
    await run('set', 'openai', ['model=gpt-4o-mini', 'apiKey=sk-test-0123456789'], { name: 'cloud' });
    await run('use', 'cloud');
    await run('use', 'local', [], { topic: 'topic-lectures' });
    expect(printed.slice(-2)).toEqual([
      '"cloud" is now the default AI provider.',
      'The topic "Lectures" uses the AI provider "local".',
    ]);
    printed = [];
    await run('show');
    expect(printed.join('\n')).toContain('used by the topics: Lectures');
    await expect(run('use', 'local', [], { topic: 'nope' })).rejects.toThrow('There is no topic nope');
    await run('remove', 'local');
    expect(readAiSettings(directory.path)).toMatchObject({
      defaultAiProvider: 'cloud',
      topicAiProviders: {},
    });
  });

  it('refuses a call it cannot read, as a usage error', async () => {
    await expect(run('set', 'gpt', ['model=x'])).rejects.toBeInstanceOf(UsageError);
    await expect(run('set', 'openai', ['model'])).rejects.toBeInstanceOf(UsageError);
    await expect(run('frobnicate')).rejects.toBeInstanceOf(UsageError);
  });
});
