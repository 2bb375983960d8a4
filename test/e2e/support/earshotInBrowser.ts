import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type RunningService, type ServiceOptions, startService } from '../../../main/service.ts';
import { setupStorageKey } from '../../../ui/setup/setupStorageKey.ts';
import { temporaryDirectory } from '../../support/temporaryDirectory.ts';

export interface EarshotInBrowser {
  service: RunningService;
  dataDirectory: string;
  /** http://localhost:<port>/ — a secure context, so the microphone and AudioWorklet are allowed. */
  url: string;
  /** The browser context, signed in to the service (it holds the session cookie and the page key). */
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** A fresh one-time login link of `service`, on the host of `url` (cookies belong to a host name). */
export function loginUrlOn(url: string, service: Pick<RunningService, 'mintLoginUrl'>): string {
  const login = new URL(service.mintLoginUrl());
  login.host = new URL(url).host;
  return login.toString();
}

/**
 * A running service on a fresh data directory and a page of its UI, signed in and connected. `prepare` runs
 * before the service starts (write provider configs there). Browser errors fail loudly: page
 * errors and console errors are collected in `pageErrors` for the test to check.
 */
export async function openEarshot(
  browser: Browser,
  options: {
    prepare?: (dataDirectory: string) => void | Promise<void>;
    service?: Omit<ServiceOptions, 'dataDirectory' | 'port'>;
    /**
     * Open the app as a new user does, with the guided setup (ui/setup) while no provider works.
     * Without it the page starts as someone who left the setup, on the page the test goes to.
     */
    firstRun?: boolean;
  } = {},
): Promise<EarshotInBrowser & { pageErrors: string[] }> {
  const directory = temporaryDirectory('e2e');
  await options.prepare?.(directory.path);
  const service = await startService({ ...options.service, dataDirectory: directory.path, port: 0 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  if (options.firstRun !== true) {
    await context.addInitScript((key) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ settled: true }));
    }, setupStorageKey);
  }
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  const url = `http://localhost:${service.port}/`;
  // Signs in as a user does, with the one-time link `npm start` prints: the sign-in page keeps the
  // page key in the storage of `url`'s origin and goes on to the app at `url`.
  await page.goto(loginUrlOn(url, service));
  await page.getByTestId('connection').getByText('Connected').waitFor();
  return {
    service,
    dataDirectory: directory.path,
    url,
    context,
    page,
    pageErrors,
    close: async () => {
      await context.close();
      await service.close();
      directory.remove();
    },
  };
}
