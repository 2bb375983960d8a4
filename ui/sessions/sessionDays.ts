/** Sessions of one calendar day, as the list shows them under one heading. */
export interface SessionDay<Session> {
  /** The local date, `YYYY-MM-DD`: unique on a page, and a stable React key. */
  key: string;
  /** "Today", "Yesterday", else the date as the user's locale writes it ("Monday, 23 November"). */
  label: string;
  sessions: Session[];
}

/**
 * Sessions in the order given, cut into runs of the same local day (the user's calendar, not UTC's).
 * The list comes newest first, so each day is one run; were a day to come twice (results in another
 * order), it would get two headings rather than a reordered list. `locale` is for tests; the page
 * leaves it to the browser.
 */
export function groupByDay<Session extends { startedAt: number }>(
  sessions: readonly Session[],
  now: number,
  locale?: string,
): Array<SessionDay<Session>> {
  const days: Array<SessionDay<Session>> = [];
  for (const session of sessions) {
    const key = localDate(session.startedAt);
    const last = days.at(-1);
    if (last?.key === key) last.sessions.push(session);
    else days.push({ key, label: dayLabel(session.startedAt, now, locale), sessions: [session] });
  }
  return days;
}

function dayLabel(epochMs: number, now: number, locale: string | undefined): string {
  const day = localDate(epochMs);
  if (day === localDate(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === localDate(yesterday.getTime())) return 'Yesterday';
  const sameYear = new Date(epochMs).getFullYear() === new Date(now).getFullYear();
  return new Date(epochMs).toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

function localDate(epochMs: number): string {
  const date = new Date(epochMs);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
