import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppConnection, ConnectionStatus } from './appConnection.ts';

export const ConnectionContext = createContext<AppConnection | undefined>(undefined);

export function useConnection(): AppConnection {
  const connection = useContext(ConnectionContext);
  if (connection === undefined) throw new Error('useConnection needs a ConnectionContext provider');
  return connection;
}

export function useConnectionStatus(): ConnectionStatus {
  const connection = useConnection();
  return useSyncExternalStore(
    (listener) => connection.onStatus(listener),
    () => connection.status,
  );
}
