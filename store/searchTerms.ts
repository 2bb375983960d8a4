/**
 * The words of a question worth looking up in the transcripts: lower-cased, without the words
 * every question has ("what", "did", "we"), and cut back to a stem where an English ending would
 * keep a substring search from finding the other forms ("budgets" finds "budget"; the trigram
 * index matches substrings, so the stem finds them all). Chinese and Japanese have no spaces, so
 * a run of their characters becomes its overlapping pairs of characters: most words are two.
 */

/** Shorter words are nearly all function words, and the trigram index cannot look them up. */
const shortestWord = 3;

/** The words a question is made of rather than what it is about, in the languages most asked in. */
const stopWords: ReadonlySet<string> = new Set(
  `
  about above after again against all also and any are aren because been before being below between
  both but can cannot could couldn did didn does doesn doing don down during each few for from
  further had hadn has hasn have haven having her here hers herself him himself his how into isn
  its itself just let more most mustn myself nor not now off once only other ought our ours
  ourselves out over own same shan she should shouldn some such than that the their theirs them
  themselves then there these they this those through too under until very was wasn were weren
  what when where which while who whom why will with won would wouldn you your yours yourself
  yourselves tell told say said says talk talked talking discuss discussed mention mentioned
  anything something everything anyone someone know think get got make made please give show
  meeting meetings session sessions recording recordings
  der die das und ist nicht mit dem den des ein eine einer eines wie was wer wann warum wurde
  haben hat sind war wir ihr sie auf für von über
  les des une est pas que qui quoi avec pour dans sur par nous vous ils elles quand comment
  los las una por con para que qué como cómo cuando cuándo quien quién del sobre
  `
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/** Endings cut off (longest first) when at least `shortestStem` letters remain. */
const endings = ['ing', 'ed', 'es', 's'];
const shortestStem = 4;

const wordPattern = /[\p{L}\p{N}]+/gu;
const cjkRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;

export function searchTermsOf(question: string): string[] {
  const terms = new Set<string>();
  for (const [run] of question.matchAll(cjkRun)) for (const pair of pairsOf(run)) terms.add(pair);
  const withoutCjk = question.replace(cjkRun, ' ').toLowerCase();
  for (const [word] of withoutCjk.matchAll(wordPattern)) {
    if ([...word].length < shortestWord || stopWords.has(word)) continue;
    terms.add(stemOf(word));
  }
  return [...terms];
}

function pairsOf(run: string): string[] {
  const characters = [...run];
  if (characters.length <= 2) return [run];
  return characters.slice(0, -1).map((character, index) => `${character}${characters[index + 1]}`);
}

function stemOf(word: string): string {
  // Words with digits (figures, "q3") and words of other alphabets are looked up as they are.
  if (!/^[a-z]+$/.test(word) || word.endsWith('ss')) return word;
  for (const ending of endings) {
    if (word.endsWith(ending) && word.length - ending.length >= shortestStem) {
      return word.slice(0, -ending.length);
    }
  }
  return word;
}
