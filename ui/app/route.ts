import { useSyncExternalStore } from 'react';

/** The tabs of the settings page. */
export const settingsSections = [
  'providers',
  'vocabulary',
  'audio',
  'ai',
  'api',
  'integrations',
  'runtime',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

function isSettingsSection(text: string | undefined): text is SettingsSection {
  return (settingsSections as readonly (string | undefined)[]).includes(text);
}

/** The steps of the setup after the choice: its settings and Test, then a first recording. */
export type SetupStep = 'settings' | 'record';

/** The UI's pages. Routes live in the URL's hash, so the service serves one page at `/`. */
export type Route =
  | { page: 'live' }
  | { page: 'files' }
  /** `place`: the list's filters and page as a URL query (sessions/sessionFilters.ts), so Back keeps them. */
  | { page: 'sessions'; place?: string }
  /** `atMs`: a moment of its transcript to show (`?t=` in seconds), so a time can be shared. */
  | { page: 'session'; sessionId: string; atMs?: number }
  | { page: 'library' }
  /** `provider`: the speech provider whose form the Providers tab opens on (`#/settings/providers/deepgram`). */
  | { page: 'settings'; section: SettingsSection; provider?: string }
  /** The guided first run (ui/setup): choose a way to transcribe, then its settings, then a first recording. */
  | { page: 'setup'; providerId?: string; step?: SetupStep }
  | { page: 'inspect'; tab: 'actors'; actorId?: string }
  | { page: 'inspect'; tab: 'machines'; machine?: string }
  /**
   * The captions alone, for a pop-up window or the desktop overlay (`overlay`): of one session, or
   * of whichever records when `sessionId` is absent.
   */
  | { page: 'captions'; sessionId?: string; overlay?: boolean };

export function routeFromHash(hash: string): Route {
  const [path = '', query] = hash.replace(/^#\/?/, '').split('?');
  const [page, argument, detail] = path.split('/');
  switch (page) {
    case 'files':
      return { page: 'files' };
    case 'sessions':
      if (argument) return sessionRoute(decodeURIComponent(argument), query);
      return query ? { page: 'sessions', place: query } : { page: 'sessions' };
    case 'library':
      return { page: 'library' };
    case 'settings':
      if (isSettingsSection(argument) && argument !== 'providers')
        return { page: 'settings', section: argument };
      return detail
        ? { page: 'settings', section: 'providers', provider: decodeURIComponent(detail) }
        : { page: 'settings', section: 'providers' };
    case 'setup':
      if (!argument) return { page: 'setup' };
      return {
        page: 'setup',
        providerId: decodeURIComponent(argument),
        step: detail === 'record' ? 'record' : 'settings',
      };
    case 'captions':
      return {
        page: 'captions',
        ...(argument ? { sessionId: decodeURIComponent(argument) } : {}),
        ...(new URLSearchParams(query).has('overlay') ? { overlay: true } : {}),
      };
    case 'inspect':
      if (argument === 'machines' || argument === 'machine') {
        return detail
          ? { page: 'inspect', tab: 'machines', machine: decodeURIComponent(detail) }
          : { page: 'inspect', tab: 'machines' };
      }
      return argument
        ? { page: 'inspect', tab: 'actors', actorId: decodeURIComponent(argument) }
        : { page: 'inspect', tab: 'actors' };
    default:
      return { page: 'live' };
  }
}

function sessionRoute(sessionId: string, query: string | undefined): Route {
  const time = new URLSearchParams(query).get('t') ?? '';
  const seconds = Number(time);
  return time.trim() !== '' && Number.isFinite(seconds) && seconds >= 0
    ? { page: 'session', sessionId, atMs: Math.round(seconds * 1000) }
    : { page: 'session', sessionId };
}

export function hashOf(route: Route): string {
  switch (route.page) {
    case 'session': {
      const session = `#/sessions/${encodeURIComponent(route.sessionId)}`;
      return route.atMs === undefined ? session : `${session}?t=${route.atMs / 1000}`;
    }
    case 'sessions':
      return route.place ? `#/sessions?${route.place}` : '#/sessions';
    case 'settings':
      return route.provider === undefined
        ? `#/settings/${route.section}`
        : `#/settings/${route.section}/${encodeURIComponent(route.provider)}`;
    case 'setup':
      if (route.providerId === undefined) return '#/setup';
      return `#/setup/${encodeURIComponent(route.providerId)}${route.step === 'record' ? '/record' : ''}`;
    case 'captions': {
      const captions =
        route.sessionId === undefined ? '#/captions' : `#/captions/${encodeURIComponent(route.sessionId)}`;
      return route.overlay === true ? `${captions}?overlay` : captions;
    }
    case 'inspect':
      if (route.tab === 'machines') {
        return route.machine === undefined
          ? '#/inspect/machines'
          : `#/inspect/machine/${encodeURIComponent(route.machine)}`;
      }
      return route.actorId === undefined ? '#/inspect' : `#/inspect/${encodeURIComponent(route.actorId)}`;
    default:
      return `#/${route.page}`;
  }
}

/** `replace` changes the address without a new Back step (a search box that updates as one types). */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  if (options.replace) location.replace(hashOf(route));
  else location.hash = hashOf(route);
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return routeFromHash(hash);
}
