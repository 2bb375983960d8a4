import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves focus to the page's main heading whenever `pageKey` changes (another page, or another
 * session), so keyboard and screen reader users start on the new content instead of on <body> or
 * on the link they left. The first render keeps the browser's own start (the skip link comes
 * first). A page that shows its heading only once its data arrives gets focus when it appears;
 * moves within a page (tabs, a selected actor) keep focus where the user is. With `keepScroll`
 * the heading takes focus without scrolling to it (the page shows a place of its own, such as a
 * moment of a transcript).
 */
export function useFocusOnNavigation(
  main: RefObject<HTMLElement | null>,
  pageKey: string,
  keepScroll: boolean,
): void {
  const shownKey = useRef(pageKey);
  useEffect(() => {
    const container = main.current;
    if (container === null || shownKey.current === pageKey) return;
    shownKey.current = pageKey;
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (heading === null) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: keepScroll });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      // Someone who already went on into the page while it loaded keeps their place.
      const active = document.activeElement;
      if (active !== null && active !== container && container.contains(active)) observer.disconnect();
      else if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
    // Only a change of page moves focus; `keepScroll` is read as it happens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [main, pageKey]);
}
