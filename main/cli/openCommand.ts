import { ControlClient } from '../controlClient.ts';
import { loginTokenLifetimeMs } from '../../api/login/ownerAccess.ts';
import { openInBrowser } from './browserLauncher.ts';

/**
 * `earshot open [--print]`: asks the running service, with the launch secret, for a one-time login
 * link and opens it in the default browser (or only prints it). The link signs that browser in.
 */
export async function openCommand(dataDirectory: string, printOnly: boolean): Promise<void> {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) {
    throw new Error(
      `No Earshot service is running for ${dataDirectory}; start it with: earshot serve (or npm start), ` +
        'then run earshot open again.',
    );
  }
  const url = await client.mintLoginUrl();
  const validity = `it works once, within ${loginTokenLifetimeMs / 60_000} minutes`;
  if (!printOnly && (await openInBrowser(url))) {
    console.error(`Opened Earshot (${client.info.baseUrl}) in your browser.`);
    return;
  }
  if (!printOnly) console.error('Could not start a browser.');
  console.error(`Open this link in your browser (${validity}):`);
  console.log(url);
}
