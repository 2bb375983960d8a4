import { useEffect, useReducer, useState } from 'react';
import { useConnection } from '../connection/connectionContext.tsx';
import { initialInspectorState, inspectorReducer, isInspectionMessage } from './inspectorState.ts';

/**
 * The inspection stream while the calling page is mounted: `inspect.start` now and on every
 * reconnect, `inspect.stop` when the page goes, so the service sends nothing to a page that is closed.
 */
export function useInspector() {
  const connection = useConnection();
  const [state, dispatch] = useReducer(inspectorReducer, initialInspectorState);
  useEffect(() => {
    const stopListening = connection.onMessage((message) => {
      if (isInspectionMessage(message)) dispatch(message);
    });
    const start = () => connection.send({ type: 'inspect.start' });
    const stopRestarting = connection.onOpen(start);
    start();
    return () => {
      stopRestarting();
      stopListening();
      connection.send({ type: 'inspect.stop' });
    };
  }, [connection]);
  return { state, dispatch, connection };
}

/** The time now, every second: for ages that grow while the page is open. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
