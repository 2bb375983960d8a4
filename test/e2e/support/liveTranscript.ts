import type { Page } from 'playwright-core';

/** The live transcript as the page shows it. */
function transcriptText(page: Page): Promise<string> {
  return page.getByTestId('live-transcript').innerText();
}

/** Words on screen, lower case, without punctuation, as storedWords compares them. */
export async function shownWords(page: Page): Promise<string> {
  return (await transcriptText(page))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
