import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface GroqFakeProcess {
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./groqFakeServer.ts', import.meta.url));

/** Starts groqFakeServer.ts on this same Node and waits for the address it listens on. */
export async function startGroqFakeProcess(): Promise<GroqFakeProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit');
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', () => reject(new Error('The Groq fake exited before it listened.')));
  });
  const { baseUrl, apiKey } = JSON.parse(line) as { baseUrl: string; apiKey: string };
  return {
    baseUrl,
    apiKey,
    stop: async () => {
      child.stdin.end();
      await exited;
      process.off('exit', killOnExit);
    },
  };
}
