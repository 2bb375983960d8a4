import type { TranscriptSegment } from '../longSessions/transcriptLines.ts';

/**
 * Transcripts made up for tests, the same every run: a seeded generator instead of Math.random,
 * so a failing property names the seed that breaks it.
 */

/** Mulberry32: a small, well-spread 32-bit generator; returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const englishWords =
  'the budget review team launch vendor contract we agreed to postpone until march because testing found critical bugs in build Ana will send revised numbers by friday Bob owns roadmap customer feedback next quarter hiring plan design meeting'.split(
    ' ',
  );

/** Text in several scripts, the kinds a multilingual transcript holds. */
const phrasesByScript = [
  (random: () => number) => pick(random, englishWords, 12).join(' ') + '.',
  () => '我们同意将发布推迟到三月十四日因为测试团队发现了严重缺陷',
  () => 'Начнём с обзора бюджета, Анна пришлёт исправленные цифры к пятнице.',
  () => 'アナは金曜日までに修正した数字を送ります。',
  () => 'सभी को सुप्रभात, आइए बजट समीक्षा से शुरू करें।',
  () => 'Ship it 🚀🎉 version 4.2.1 on 2026-03-14 at 10:30, budget $4,500.',
];

function pick<T>(random: () => number, items: readonly T[], count: number): T[] {
  return Array.from({ length: count }, () => items[Math.floor(random() * items.length)] as T);
}

/**
 * Segments of random length and script: mostly a sentence or two, now and then one far longer
 * than a part may be (a provider that does not cut its text into sentences).
 */
export function randomSegments(seed: number, count: number): TranscriptSegment[] {
  const random = seededRandom(seed);
  const segments: TranscriptSegment[] = [];
  let startMs = Math.floor(random() * 5000);
  for (let seq = 0; seq < count; seq++) {
    const phraseCount = random() < 0.03 ? 200 + Math.floor(random() * 800) : 1 + Math.floor(random() * 3);
    const text = Array.from(
      { length: phraseCount },
      () => pick(random, phrasesByScript, 1)[0]?.(random) ?? '',
    ).join(' ');
    const durationMs = 500 + Math.floor(random() * 8000) * phraseCount;
    const speaker = random() < 0.5 ? null : (pick(random, ['Ana', 'Bob', 'Chen'], 1)[0] ?? null);
    segments.push({ seq, text, startMs, endMs: startMs + durationMs, speaker });
    startMs += durationMs + Math.floor(random() * 3000);
  }
  return segments;
}

const topics = [
  'budget',
  'hiring',
  'roadmap',
  'launch',
  'vendors',
  'security',
  'marketing',
  'support',
  'design',
];
const fillers =
  'so we think that the next step is to look at how this affects our plan for the coming weeks and'.split(
    ' ',
  );

/**
 * A meeting of the given length: one segment every few seconds, each a pseudo-sentence of eleven
 * words on a topic that changes every 20 minutes, so a chaptering fake has something to
 * find. Three hours come to about 30,000 words.
 */
export function syntheticMeeting(durationMs: number): TranscriptSegment[] {
  const random = seededRandom(42);
  const segments: TranscriptSegment[] = [];
  const segmentMs = 4300;
  for (let seq = 0, startMs = 0; startMs < durationMs; seq++, startMs += segmentMs) {
    const topic = topics[Math.floor(startMs / (20 * 60_000)) % topics.length] ?? 'budget';
    const words = [`About ${topic},`, ...pick(random, fillers, 9), `${topic}.`];
    segments.push({
      seq,
      text: words.join(' '),
      startMs,
      endMs: Math.min(durationMs, startMs + segmentMs - 300),
      speaker: seq % 3 === 0 ? 'Ana' : 'Bob',
    });
  }
  return segments;
}
