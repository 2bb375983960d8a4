import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'tinybase/ui-react';
import { App } from './app/App.tsx';
import { routeFromHash } from './app/route.ts';
import { CaptionsPage } from './captions/CaptionsPage.tsx';
import { AppConnection } from './connection/appConnection.ts';
import { ConnectionContext } from './connection/connectionContext.tsx';
import { liveCaptureFor } from './live/liveCapture.ts';
import { applySyncMessage, createReplica } from './store/replica.ts';
import './styles/app.css';

const route = routeFromHash(location.hash);
const root = createRoot(document.getElementById('root')!);
if (route.page === 'captions') {
  // A captions window reads only the event stream: no app channel, and so no capture that a pop-up
  // (which starts with a copy of its opener's sessionStorage) could take over.
  root.render(
    <StrictMode>
      <CaptionsPage route={route} />
    </StrictMode>,
  );
} else {
  const replica = createReplica();
  const connection = new AppConnection();
  connection.onMessage((message) => applySyncMessage(replica, message));
  // Listening before the first message: the service says at once which recordings run (live.running).
  liveCaptureFor(connection);
  connection.connect();
  // For the browser tests and for debugging from the console: the replica is read-only data the page
  // already shows.
  Object.assign(window, { earshotReplica: replica });

  root.render(
    <StrictMode>
      <ConnectionContext value={connection}>
        <Provider store={replica}>
          <App />
        </Provider>
      </ConnectionContext>
    </StrictMode>,
  );
}
