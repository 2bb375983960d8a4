/**
 * SenseVoice marks its output with inline tags before each voiced stretch: the language
 * (`<|en|>`), an emotion (`<|NEUTRAL|>`), an audio event (`<|Speech|>`) and text normalisation
 * (`<|woitn|>`). The official server removes them, other SenseVoice servers on the same endpoint do
 * not; the words are kept, the language tag becomes the segment's language, the rest is dropped.
 */

/** zh, en, ja, ko, yue; `nospeech` is longer and names no language. */
const languageTag = /<\|([a-z]{2,3})\|>/;
const tagRun = /(?:<\|[^|]*\|>)+/;
/** Scripts written without spaces between words, where stretches join directly. */
const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

export function readSenseVoiceText(raw: string): { text: string; language?: string } {
  const language = languageTag.exec(raw)?.[1];
  const stretches = raw
    .split(tagRun)
    .map((stretch) => stretch.trim())
    .filter((stretch) => stretch !== '');
  let text = '';
  for (const stretch of stretches) {
    const joinsDirectly = text === '' || unspaced.test(text.at(-1) ?? '') || unspaced.test(stretch[0] ?? '');
    text += joinsDirectly ? stretch : ` ${stretch}`;
  }
  return language === undefined ? { text } : { text, language };
}
