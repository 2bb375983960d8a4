import { seededRandom } from './seededRandom.ts';

/** One word as it was spoken: its text as a transcript writes it, and when it was said. */
export interface SpokenWord {
  text: string;
  startMs: number;
  endMs: number;
  /** Its sentence, numbered from 0: a recogniser's segments follow sentences. */
  sentence: number;
}

export interface SpokenTimeline {
  words: SpokenWord[];
  durationMs: number;
}

const vocabulary = (
  'the a and to of in that it is was for on with as be at this have from or by not but what all ' +
  'were when we there can an your which their if do will each about how up out them then she many ' +
  'some so these would other into has more her two like him see time could no make than first been ' +
  'its who now people my made over did down only way find use may water long little very after words ' +
  'called just where most know get through back much go good new write our me man too any day same ' +
  'right look think also around another came come work three word must because does part even place ' +
  'well such here take why things help put years different away again off went old number great tell ' +
  'men say small every found still between name should home big give air line set own under read last ' +
  'never us left end along while might next sound below saw something thought both few those always ' +
  'looked show large often together asked house world going want school important until form food keep ' +
  'children feet land side without boy once animals life enough took sometimes four head above kind ' +
  'began almost live page got earth need far hand high year mother light parts country father let night ' +
  'following picture being study second eyes soon times story boys since white days ever paper hard ' +
  'near sentence better best across during today others however sure means knew try told young miles ' +
  'budget meeting project schedule review release customer quarter transcription window stabilizer'
).split(' ');

/** Words said twice or three times in a row, as people do ("the the", "yes yes yes"). */
const repeatable = ['the', 'yes', 'no', 'so', 'I', 'we', 'okay', 'and', 'well'];

/**
 * A long synthetic talk at about 2.5 words a second: sentences of 5 to 16 words, word lengths
 * from the vocabulary, short gaps between words, longer ones after sentences, a pause of 3 to 8 s
 * now and then, and repeated words. Only the timing and the words matter to the stabilizer; there
 * is no audio.
 */
export function spokenTimeline(seed: number, durationMs: number): SpokenTimeline {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words: SpokenWord[] = [];
  let nowMs = 500;
  let sentence = 0;
  const say = (text: string) => {
    const lengthMs = 100 + 30 * text.length + random() * 60;
    words.push({ text, startMs: Math.round(nowMs), endMs: Math.round(nowMs + lengthMs), sentence });
    nowMs += lengthMs + 30 + random() * 80;
  };
  while (nowMs < durationMs - 3_000) {
    const length = 5 + Math.floor(random() * 12);
    for (let index = 0; index < length && nowMs < durationMs - 3_000; index++) {
      const roll = random();
      if (roll < 0.02) for (let times = 0; times < 3; times++) say(pick(repeatable));
      else if (roll < 0.06) {
        const word = pick(repeatable);
        say(word);
        say(word);
      } else say(pick(vocabulary));
    }
    const first = words.find((word) => word.sentence === sentence);
    const last = words.at(-1);
    if (first !== undefined) first.text = first.text.charAt(0).toUpperCase() + first.text.slice(1);
    if (last !== undefined && last.sentence === sentence) last.text += random() < 0.85 ? '.' : '?';
    sentence++;
    nowMs += 200 + random() * 400 + (random() < 0.04 ? 3_000 + random() * 5_000 : 0);
  }
  return { words, durationMs };
}
