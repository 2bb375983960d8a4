import { useEffect } from 'react';

/** The tab's title on pages that do not name themselves, as in index.html. */
const appTitle = 'Earshot';

/**
 * The tab (and window, and history entry) says which page, or which session, it shows; leaving the
 * page gives the tab back the app's own name, so the next page is not called by this one's.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${appTitle}`;
    return () => {
      document.title = appTitle;
    };
  }, [title]);
}
