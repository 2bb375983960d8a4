import { type KeyboardEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CaptionsView } from '../captions/CaptionsView.tsx';
import { captionFollowOf } from '../captions/CaptionsPage.tsx';
import { useConnectionStatus } from '../connection/connectionContext.tsx';
import { FilesPage } from '../pages/FilesPage.tsx';
import { InspectPage } from '../pages/InspectPage.tsx';
import { LibraryPage } from '../pages/LibraryPage.tsx';
import { LivePage } from '../pages/LivePage.tsx';
import { SessionPage } from '../pages/SessionPage.tsx';
import { SessionsPage } from '../pages/SessionsPage.tsx';
import { SettingsPage } from '../pages/SettingsPage.tsx';
import { RecordingIndicator } from '../live/RecordingIndicator.tsx';
import { SetupPage } from '../setup/SetupPage.tsx';
import { useFirstRun } from '../setup/useFirstRun.ts';
import { hashOf, type Route, useRoute } from './route.ts';
import { type ThemeChoice, useTheme } from './theme.ts';
import { useFocusOnNavigation } from './useFocusOnNavigation.ts';

const sections: Array<{ route: Route; label: string; pages: Route['page'][] }> = [
  { route: { page: 'live' }, label: 'Live', pages: ['live'] },
  { route: { page: 'files' }, label: 'Files', pages: ['files'] },
  { route: { page: 'sessions' }, label: 'Sessions', pages: ['sessions', 'session'] },
  { route: { page: 'library' }, label: 'Topics & tags', pages: ['library'] },
  { route: { page: 'settings', section: 'providers' }, label: 'Settings', pages: ['settings'] },
  { route: { page: 'inspect', tab: 'actors' }, label: 'Inspector', pages: ['inspect'] },
];

const connectionLabels = {
  connecting: 'Connecting…',
  open: 'Connected',
  closed: 'Reconnecting to the service…',
  refused: 'Not signed in',
};

const signInHint =
  'This browser is not signed in to Earshot (the service restarted, or the sign-in expired). To open ' +
  'the app, run "earshot open" in a terminal, or use the link that "npm start" printed.';

export function App() {
  const route = useRoute();
  useFirstRun(route);
  const [theme, setTheme] = useTheme();
  const status = useConnectionStatus();
  const main = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navigation = useRef<HTMLElement>(null);
  const pageKey = route.page === 'session' ? `session/${route.sessionId}` : route.page;
  useFocusOnNavigation(main, pageKey, 'atMs' in route && route.atMs !== undefined);
  // On a narrow screen the links fold away behind the Menu button (on a wide one they always
  // show); opened on one page, the menu is closed on the next.
  const [menuOpenOn, setMenuOpenOn] = useState<string | undefined>(undefined);
  const menuOpen = menuOpenOn === pageKey;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pageKey : undefined);
  const openMenu = () => {
    // Shown at once, so the current page's link has focus before the next key is handled.
    flushSync(() => setMenuOpen(true));
    const links = navigation.current;
    (links?.querySelector<HTMLElement>('[aria-current="page"]') ?? links?.querySelector('a'))?.focus();
  };
  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="sidebar" onKeyDown={closeMenuOnEscape}>
        <div className="sidebar-top">
          <div className="brand">Earshot</div>
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="navigation"
            onClick={() => (menuOpen ? setMenuOpen(false) : openMenu())}
          >
            Menu
          </button>
        </div>
        <RecordingIndicator />
        <nav
          id="navigation"
          ref={navigation}
          className={menuOpen ? 'navigation navigation-open' : 'navigation'}
          aria-label="Main"
        >
          <ul>
            {sections.map((section) => (
              <li key={section.label}>
                <a
                  href={hashOf(section.route)}
                  aria-current={section.pages.includes(route.page) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" ref={main} className="content" tabIndex={-1}>
        {status === 'refused' && (
          <div className="notice notice-warning" role="alert" data-testid="signed-out">
            {signInHint}
          </div>
        )}
        <Page route={route} />
      </main>
      {/* After the content in reading order; on a wide screen it sits at the foot of the sidebar. */}
      <footer className="app-footer">
        <label>
          Theme{' '}
          <select
            value={theme}
            onChange={(event) => setTheme(event.target.value as ThemeChoice)}
            data-testid="theme"
          >
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <div className={`connection connection-${status}`} role="status" data-testid="connection">
          {connectionLabels[status]}
        </div>
      </footer>
    </div>
  );
}

function Page(props: { route: Route }) {
  const { route } = props;
  switch (route.page) {
    case 'live':
      return <LivePage />;
    case 'files':
      return <FilesPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'session':
      return <SessionPage sessionId={route.sessionId} atMs={route.atMs} />;
    case 'library':
      return <LibraryPage />;
    case 'settings':
      return <SettingsPage section={route.section} provider={route.provider} />;
    case 'setup':
      return <SetupPage providerId={route.providerId} step={route.step} />;
    case 'inspect':
      return <InspectPage route={route} />;
    case 'captions':
      // Reached inside the app only by typing its address; a captions window loads it alone (main.tsx).
      return <CaptionsView follow={captionFollowOf(route)} />;
  }
}
