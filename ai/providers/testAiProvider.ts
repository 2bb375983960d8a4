import { generateText } from 'ai';
import { checkAiProviderConfig } from './aiProviderConfigCheck.ts';
import { aiProviderKindFacts } from './aiProviderKinds.ts';
import { classifyAiError } from './classifyAiError.ts';
import { contextWindowOf } from './contextWindows.ts';
import { languageModelFor } from './languageModel.ts';
import { redactSecrets } from './redactSecrets.ts';

export interface AiProviderCheck {
  ok: boolean;
  /** What the test found; for a failure, what to change. Never a key. */
  message: string;
}

/** A local model may first have to be loaded into memory, which can take a while. */
const testTimeoutMs = 60_000;
/** Enough for a one-word answer, even from a model that thinks aloud a little; few enough to cost nothing. */
const testAnswerTokens = 64;

/**
 * Proves that a provider's stored settings work: the schema first (no network while a field is
 * missing), then one tiny request, which must be answered. A failure is told as classifyAiError
 * tells it, so the Test button and the CLI say what the jobs would.
 */
export async function testAiProvider(
  stored: Record<string, unknown>,
  signal: AbortSignal,
  providerName?: string,
): Promise<AiProviderCheck> {
  const check = checkAiProviderConfig(stored);
  if (!check.ok) {
    const name = providerName === undefined ? 'The AI provider' : `The AI provider "${providerName}"`;
    return { ok: false, message: `${name} is not set up yet: ${check.problems.join('; ')}.` };
  }
  const { config } = check;
  const started = performance.now();
  try {
    const { text } = await generateText({
      model: languageModelFor(config),
      prompt: 'Reply with the single word: ready',
      maxOutputTokens: testAnswerTokens,
      // The first error is the one to report; the jobs retry, the test does not.
      maxRetries: 0,
      abortSignal: AbortSignal.any([signal, AbortSignal.timeout(testTimeoutMs)]),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const answer = text.replace(/\s+/g, ' ').trim().slice(0, 80);
    const window = contextWindowOf(config);
    const message =
      `${config.model} at ${aiProviderKindFacts[config.kind].name} (${config.baseUrl}) answered in ${seconds} s` +
      `${answer === '' ? ' (with no text)' : `: "${answer}"`}. Context window: ${window.tokens} tokens` +
      `${window.note === undefined ? '.' : `; ${window.note}`}`;
    return { ok: true, message: redactSecrets(message, [config.apiKey]) };
  } catch (error) {
    return { ok: false, message: classifyAiError(error, config, providerName).message };
  }
}
