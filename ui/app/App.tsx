import { useConnectionStatus } from '../connection/connectionContext.tsx';
import { FilesPage } from '../pages/FilesPage.tsx';
import { InspectPage } from '../pages/InspectPage.tsx';
import { LibraryPage } from '../pages/LibraryPage.tsx';
import { LivePage } from '../pages/LivePage.tsx';
import { SessionPage } from '../pages/SessionPage.tsx';
import { SessionsPage } from '../pages/SessionsPage.tsx';
import { SettingsPage } from '../pages/SettingsPage.tsx';
import { hashOf, type Route, useRoute } from './route.ts';
import { type ThemeChoice, useTheme } from './theme.ts';

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
  const [theme, setTheme] = useTheme();
  const status = useConnectionStatus();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">Earshot</div>
        <ul>
          {sections.map((section) => (
            <li key={section.label}>
              <a
                href={hashOf(section.route)}
                aria-current={section.pages.includes(route.page) ? 'page' : undefined}
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="sidebar-footer">
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
        </div>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {status === 'refused' && (
          <div className="notice notice-warning" role="alert" data-testid="signed-out">
            {signInHint}
          </div>
        )}
        <Page route={route} />
      </main>
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
      return <SessionPage sessionId={route.sessionId} />;
    case 'library':
      return <LibraryPage />;
    case 'settings':
      return <SettingsPage section={route.section} />;
    case 'inspect':
      return <InspectPage route={route} />;
  }
}
