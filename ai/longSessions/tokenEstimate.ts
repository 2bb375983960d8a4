/**
 * How many tokens a text costs, estimated without the model's tokenizer: Earshot talks to many
 * model families (GPT, Claude, Gemini, Llama, Qwen, Gemma, Mistral) whose tokenizers differ and are
 * not all public. The estimate is meant to over-count every one of them, because a prompt that is
 * too long is silently cut by some servers (Ollama) while one that is a little short only costs a
 * few more parts. It was tuned on the same sentences in sixteen languages against GPT-4's and
 * GPT-4o's tokenizers, with a fifth or more to spare (tokenEstimate.test.ts holds their counts),
 * and counts digits one by one as Llama 2, Gemma and Mistral do. Odd text (rare ideographs, names
 * of consonant clusters) can cost more than estimated; as a small share of a part, the margin of
 * every request (requestBudget.ts) absorbs it.
 */

/** Where the rule for a code point is a fixed cost per character. */
const costPerCharacter: ReadonlyArray<readonly [RegExp, number]> = [
  // Chinese, Japanese and Korean: about one token per character in cl100k-era tokenizers, more
  // for rare ideographs, which the factor covers.
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u, 1.5],
  // Alphabets that tokenizers trained mostly on English cut into short pieces.
  [/\p{Script=Cyrillic}/u, 0.7],
  // Greek, Arabic and Hebrew: about a token per character in cl100k.
  [/[\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u, 1.4],
  // Indic and Southeast Asian scripts, vowel signs included: about a token per character in
  // cl100k, half again to be safe.
  [
    /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u,
    1.5,
  ],
  // Latin letters with diacritics often fall back to bytes.
  [/\p{Script=Latin}/u, 1],
  // Other combining marks (Vietnamese tones) are usually tokens of their own.
  [/\p{M}/u, 1],
];

/** The share of a token that one ASCII letter costs inside a word: cl100k averages over 4. */
const tokensPerAsciiLetter = 1 / 3.2;

export function estimateTokens(text: string): number {
  let tokens = 0;
  let wordLetters = 0;
  let previousWasSpace = false;
  // A loop over UTF-16 units with an ASCII fast path: transcripts of hours are estimated line by
  // line, and most of their text is ASCII.
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const isLetter = (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
    if (isLetter) {
      wordLetters++;
      previousWasSpace = false;
      continue;
    }
    if (wordLetters > 0) tokens += Math.max(1, wordLetters * tokensPerAsciiLetter);
    wordLetters = 0;
    if (unit === 0x20 || unit === 0x09) {
      // A single space is part of the next word's token; runs of them (indentation) are not.
      if (previousWasSpace) tokens += 0.5;
      previousWasSpace = true;
      continue;
    }
    previousWasSpace = false;
    // Digits, line breaks, punctuation and symbols: at most one token each.
    if (unit < 0x80) {
      tokens += 1;
      continue;
    }
    const codePoint = text.codePointAt(index) ?? unit;
    if (codePoint > 0xffff) index++;
    tokens += costOf(String.fromCodePoint(codePoint), codePoint);
  }
  if (wordLetters > 0) tokens += Math.max(1, wordLetters * tokensPerAsciiLetter);
  return Math.ceil(tokens);
}

function costOf(character: string, codePoint: number): number {
  for (const [pattern, cost] of costPerCharacter) if (pattern.test(character)) return cost;
  // Anything else (emoji, symbols, scripts not listed): byte-level tokenizers may spend a token
  // per UTF-8 byte on it.
  return utf8Length(codePoint);
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** The longest start of `text` whose estimate is within `tokens`, cut between code points. */
export function truncateToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  const codePoints = [...text];
  let fits = 0;
  let tooLong = codePoints.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (estimateTokens(codePoints.slice(0, middle).join('')) <= tokens) fits = middle;
    else tooLong = middle;
  }
  return codePoints.slice(0, fits).join('');
}
