import { describe, expect, it } from 'vitest';
import { contextWindowOf, defaultContextWindow } from './contextWindows.ts';

describe('a model’s context window', () => {
  it('is the user’s when set', () => {
    expect(contextWindowOf({ kind: 'ollama', model: 'llama3.2', contextWindow: 32768 })).toEqual({
      tokens: 32768,
      source: 'set',
    });
  });

  it('is the known size of well-known models', () => {
    const known = (kind: Parameters<typeof contextWindowOf>[0]['kind'], model: string) =>
      contextWindowOf({ kind, model });
    expect(known('openai', 'gpt-4o-mini')).toEqual({ tokens: 128_000, source: 'known' });
    expect(known('anthropic', 'claude-3-5-haiku-latest').tokens).toBe(200_000);
    expect(known('google', 'gemini-2.0-flash').tokens).toBe(1_048_576);
    expect(known('ollama', 'llama3.1:8b').tokens).toBe(8192);
    expect(known('openai-compatible', 'anthropic/claude-3.5-sonnet').tokens).toBe(200_000);
    expect(known('openai-compatible', 'deepseek-chat').tokens).toBe(65_536);
  });

  it('is a small safe size for any other, with a note saying how to give the real one', () => {
    const window = contextWindowOf({ kind: 'ollama', model: 'my-finetune' });
    expect(window).toMatchObject({ tokens: defaultContextWindow, source: 'default' });
    expect(window.note).toContain('set contextWindow');
  });
});
