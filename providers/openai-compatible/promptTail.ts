/**
 * Whisper reads only the last 224 tokens of a prompt and Groq refuses longer ones; about 800
 * characters stays under that in most languages, and the end is what matters for continuing.
 */
const longestPromptCharacters = 800;

/** The end of `prompt` that fits, starting at a word; undefined when there is nothing to send. */
export function promptTail(prompt: string | undefined): string | undefined {
  const trimmed = prompt?.trim() ?? '';
  if (trimmed.length <= longestPromptCharacters) return trimmed === '' ? undefined : trimmed;
  const tail = trimmed.slice(-longestPromptCharacters);
  const firstSpace = tail.indexOf(' ');
  // A cut word would mislead the decoder; text without spaces (Chinese, Japanese) is kept as cut.
  return firstSpace === -1 ? tail : tail.slice(firstSpace + 1);
}
