import type { VocabularySupport } from '../contract.ts';
import { fittingTerms } from '../vocabulary/fittingTerms.ts';

/**
 * Whisper reads only the last 224 tokens of a prompt and Groq refuses longer ones; about 800
 * characters stays under that in most languages, and the end is what matters for continuing.
 */
const longestPromptCharacters = 800;

/**
 * Whisper's `prompt` is how the servers built on it (Groq, OpenAI-compatible ones, whisper.cpp)
 * take a vocabulary: spellings it has seen in the prompt it writes the same way. Half of the
 * prompt goes to the terms, so the text that preceded the audio keeps the other half.
 */
export const promptVocabulary: VocabularySupport = {
  parameter: 'prompt',
  file: { maxCharacters: longestPromptCharacters / 2 },
};

/**
 * The prompt a chunk is sent: the vocabulary's terms that fit, as one list, then as much of the
 * end of the preceding text as the rest of the prompt holds; undefined when there is neither.
 */
export function transcriptionPrompt(
  prompt: string | undefined,
  vocabulary: readonly string[] | undefined,
): string | undefined {
  const terms = fittingTerms(vocabulary ?? [], promptVocabulary.file);
  const glossary = terms.length === 0 ? undefined : `${terms.join(', ')}.`;
  const tail = promptTail(prompt, longestPromptCharacters - (glossary?.length ?? 0));
  const parts = [glossary, tail].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(' ');
}

/** The end of `prompt` that fits, starting at a word; undefined when there is nothing to send. */
function promptTail(prompt: string | undefined, longest: number): string | undefined {
  const trimmed = prompt?.trim() ?? '';
  if (trimmed.length <= longest) return trimmed === '' ? undefined : trimmed;
  const tail = trimmed.slice(-longest);
  const firstSpace = tail.indexOf(' ');
  // A cut word would mislead the decoder; text without spaces (Chinese, Japanese) is kept as cut.
  return firstSpace === -1 ? tail : tail.slice(firstSpace + 1);
}
