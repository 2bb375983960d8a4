import { comparisonKey } from './stabilizerWords.ts';

/**
 * What Whisper-family recognisers write over silence or near-silence. They learned it from
 * subtitled videos, whose silent ends carry outros and subtitle credits, so the phrases are those
 * of video platforms in each language. Sources: openai/whisper discussion #928, the reference
 * app's changelog ("YoYo Television Series Exclusive"), Vexa-ai/vexa#617 (Japanese, Turkish),
 * amicalhq/amical#71 (Japanese), PocketShell-io/pocketshell#452 (Korean).
 *
 * Most of them are also things people say ("Thank you.", "Bye."), so a match alone proves
 * nothing: the filter drops one only when no speech was heard under it.
 */
const silencePhrases = [
  // English
  'you',
  'Thank you.',
  'Thank you very much.',
  'Thank you so much.',
  'Thanks.',
  'Thanks for watching!',
  'Thank you for watching!',
  'Thank you so much for watching!',
  'Thanks for watching, see you next time!',
  'Please subscribe.',
  'Please subscribe to my channel.',
  'Like and subscribe.',
  "Don't forget to like and subscribe.",
  'See you next time.',
  'See you in the next video.',
  'Bye.',
  'Bye-bye.',
  // Chinese
  '请不吝点赞 订阅 转发 打赏支持明镜与点点栏目',
  '明镜与点点栏目',
  '谢谢观看',
  '謝謝觀看',
  '感谢观看',
  '字幕by索兰娅',
  '中文字幕——Yo Yo Television Series Exclusive',
  '优优独播剧场——YoYo Television Series Exclusive',
  // Japanese
  'ご視聴ありがとうございました',
  'ご視聴ありがとうございます',
  'ありがとうございました',
  'おやすみなさい',
  '次の動画でお会いしましょう',
  'チャンネル登録をお願いします',
  // Korean
  '시청해주셔서 감사합니다',
  '구독과 좋아요 부탁드립니다',
  // Russian
  'Продолжение следует...',
  'Спасибо за просмотр!',
  'Субтитры сделал DimaTorzok',
  'Редактор субтитров А.Синецкая Корректор А.Егорова',
  // Spanish, Portuguese, French, German, Turkish
  'Gracias por ver el video.',
  'Obrigado por assistir.',
  "Merci d'avoir regardé cette vidéo.",
  'Vielen Dank fürs Zuschauen.',
  'Abone olmayı unutmayın.',
];

/**
 * Subtitle credits come in many wordings per language (the Amara.org community in a dozen
 * languages, a German broadcaster's commission with any year); these catch a whole family.
 */
const silenceCreditPatterns = [/amaraorg/u, /^untertitel\w*imauftragdes\w*\d*$/u, /^copyrightwdr\d*$/u];

const silencePhraseKeys = silencePhrases.map(comparisonKey);

/**
 * Whether the whole of `text` is one of the phrases recognisers invent on silence, or one of them
 * said over and over ("Thank you. Thank you.").
 */
export function isSilencePhrase(text: string): boolean {
  const key = comparisonKey(text);
  if (key === '') return false;
  if (silenceCreditPatterns.some((pattern) => pattern.test(key))) return true;
  return silencePhraseKeys.some(
    (phrase) => key.length % phrase.length === 0 && key === phrase.repeat(key.length / phrase.length),
  );
}

/** A bracketed tag ("[BLANK_AUDIO]", "(music)", "*laughs*", "【音楽】") or a music sign. */
const nonSpeechMark = /\[[^\]]*\]|\([^)]*\)|（[^）]*）|【[^】]*】|\*[^*]*\*|[♪♫♬🎵🎶]/gu;

/**
 * Whether `text` is only non-speech marks: a recogniser's description of a sound, never words
 * anyone said, so it is dropped whether or not there was sound under it.
 */
export function isNonSpeechTag(text: string): boolean {
  const withoutMarks = text.replace(nonSpeechMark, '');
  return withoutMarks !== text && comparisonKey(withoutMarks) === '';
}
