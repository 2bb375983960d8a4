import type { ServeProcess } from '../../test/support/earshotProcess.ts';

/** Ends a service with `signal` (SIGTERM: as a user stops it; SIGKILL: as a crash) and waits until it has. */
export async function stopService(serve: ServeProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill(signal);
  await serve.exited;
}
