import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const storageKey = 'earshot.theme';

/** The chosen theme, kept across visits; 'system' follows the operating system. */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(
    () => (localStorage.getItem(storageKey) as ThemeChoice | null) ?? 'system',
  );
  useEffect(() => {
    if (choice === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = choice;
    localStorage.setItem(storageKey, choice);
  }, [choice]);
  return [choice, setChoice];
}
