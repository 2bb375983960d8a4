/**
 * Volcengine's hot words sent with a request, as its recognizers read them: `request.corpus.context`
 * is a string holding JSON, `{"hotwords": [{"word": "…"}]}`. Answers the words, or why the request
 * is invalid (an object where the string belongs, a word that is not text).
 */
export function hotWordsContext(corpus: unknown): { words: string[] } | { problem: string } {
  if (corpus === undefined) return { words: [] };
  const context =
    typeof corpus === 'object' && corpus !== null && 'context' in corpus ? corpus.context : undefined;
  if (typeof context !== 'string') return { problem: 'request.corpus.context must be a JSON string' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(context);
  } catch {
    return { problem: 'request.corpus.context is not valid JSON' };
  }
  const hotwords = (parsed as { hotwords?: unknown }).hotwords;
  if (!Array.isArray(hotwords)) return { problem: 'request.corpus.context has no hotwords list' };
  const words = hotwords.map((entry) => (entry as { word?: unknown } | null)?.word);
  if (!words.every((word): word is string => typeof word === 'string' && word !== '')) {
    return { problem: 'each hot word is {"word": "<text>"}' };
  }
  return { words };
}
