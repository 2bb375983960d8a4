import type { Page } from 'playwright-core';
import { normalisedWords } from '../../conformance/liveStreams.ts';

/** The live transcript as the page shows it. */
function transcriptText(page: Page): Promise<string> {
  return page.getByTestId('live-transcript').innerText();
}

/** Words on screen, lower case, without punctuation, as storedWords compares them. */
export async function shownWords(page: Page): Promise<string> {
  return normalisedWords(await transcriptText(page));
}
