import { runEarshot } from '../../support/earshotCommand.ts';

const tokenPattern = /^es_\S+$/;

/**
 * Switches the Open API on for the data directory (while the service is stopped, so the CLI writes
 * to the store directly) and returns a usable token. `api enable` shows a token only when it
 * creates the first one; on a reused fixture the old token was never kept, so a new one is made.
 */
export async function enableApi(dataDirectory: string): Promise<string> {
  const enabled = await runEarshot(['api', 'enable', '--data-dir', dataDirectory]);
  const firstLine = enabled.split('\n')[0]?.trim() ?? '';
  if (tokenPattern.test(firstLine)) return firstLine;
  const rotated = await runEarshot(['api', 'token', '--data-dir', dataDirectory]);
  const token = rotated.split('\n')[0]?.trim() ?? '';
  if (!tokenPattern.test(token))
    throw new Error(`earshot api token printed no token: ${JSON.stringify(rotated)}`);
  return token;
}
