import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Everything written to the console while each test of the file runs, errors with their stacks,
 * so a test can hold that no secret is ever logged. Call once at the top of a test file.
 */
export function captureConsole(): { text: () => string } {
  let logged: string[] = [];
  beforeEach(() => {
    logged = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => {
        logged.push(
          parts
            .map((part) => (part instanceof Error ? `${part.message} ${part.stack}` : String(part)))
            .join(' '),
        );
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());
  return { text: () => logged.join('\n') };
}
