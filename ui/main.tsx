import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'tinybase/ui-react';
import { App } from './app/App.tsx';
import { AppConnection } from './connection/appConnection.ts';
import { ConnectionContext } from './connection/connectionContext.tsx';
import { liveCaptureFor } from './live/liveCapture.ts';
import { applySyncMessage, createReplica } from './store/replica.ts';
import './styles/app.css';

const replica = createReplica();
const connection = new AppConnection();
connection.onMessage((message) => applySyncMessage(replica, message));
// Listening before the first message: the service says at once which recordings run (live.running).
liveCaptureFor(connection);
connection.connect();
// For the browser tests and for debugging from the console: the replica is read-only data the page
// already shows.
Object.assign(window, { earshotReplica: replica });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConnectionContext value={connection}>
      <Provider store={replica}>
        <App />
      </Provider>
    </ConnectionContext>
  </StrictMode>,
);
