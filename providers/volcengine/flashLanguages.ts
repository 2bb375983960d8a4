/**
 * The languages Volcengine's file recognizer takes in `audio.language`, by ISO 639-1 code. Without
 * it the model recognizes Chinese (with its dialects) and English together, so `zh` and `en` need
 * no entry and mixed Chinese–English audio keeps working.
 */
export const flashLanguages: Readonly<Record<string, string>> = {
  ar: 'ar-SA',
  de: 'de-DE',
  es: 'es-MX',
  fr: 'fr-FR',
  id: 'id-ID',
  ja: 'ja-JP',
  ko: 'ko-KR',
  ms: 'ms-MY',
  pt: 'pt-BR',
  th: 'th-TH',
  tl: 'fil-PH',
};

export const recognizedLanguages: readonly string[] = ['zh', 'en', ...Object.keys(flashLanguages)].sort();
