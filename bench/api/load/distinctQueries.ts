import { fileURLToPath } from 'node:url';
import { runJsonProcess } from '../../support/jsonProcess.ts';
import type { FixtureManifest } from '../fixture/fixtureManifest.ts';
import { seededRandom } from '../fixture/random.ts';
import { buildVocabulary } from '../fixture/vocabulary.ts';
import type { DistinctQueryOptions, DistinctQueryResult } from './distinctQueryFigures.ts';

const clientsScript = fileURLToPath(new URL('./distinctQueryClients.ts', import.meta.url));
/** The most frequent words ("the", "and") are not what people search for. */
const skippedTopWords = 40;
const shortestQuery = 4;
/** How long past its duration the load may take to wind down before it is killed. */
const graceMs = 30_000;

/**
 * The words of the fixture's own vocabulary, in a fixed shuffled order: real words that most
 * sessions hold and made-up ones of the long tail that few hold, so each run sends the same mix of
 * cheap and expensive searches, each query once.
 */
export function distinctQueries(manifest: FixtureManifest): string[] {
  const { parameters } = manifest;
  const vocabulary = buildVocabulary(
    parameters.seed,
    { english: parameters.englishVocabularySize, chinese: parameters.chineseVocabularySize },
    [manifest.searchTerms.marker],
  );
  const words = vocabulary.english.slice(skippedTopWords).filter((word) => word.length >= shortestQuery);
  const random = seededRandom(parameters.seed);
  for (let index = words.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [words[index], words[other]] = [words[other] ?? '', words[index] ?? ''];
  }
  return words;
}

/**
 * Runs the distinct-queries load in a process of its own (distinctQueryClients.ts), so that the
 * clients' work never shares an event loop with the measurement's bookkeeping here.
 */
export async function runDistinctQueries(options: DistinctQueryOptions): Promise<DistinctQueryResult> {
  const result = await runJsonProcess(
    'the distinct-queries load',
    ['--disable-warning=ExperimentalWarning', clientsScript, JSON.stringify(options)],
    options.durationSeconds * 1000 + graceMs,
  );
  return result as DistinctQueryResult;
}
