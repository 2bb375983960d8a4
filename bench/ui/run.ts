/**
 * `npm run bench:ui`: what the UI costs with a large history. Starts the real service on a data
 * directory of N sessions (default 10,000), opens the built UI in Debian's Chromium and measures:
 * the size of the built bundle, the replica's snapshot (bytes on the wire), the time from opening
 * the page to a replica holding every session, the time from opening the Sessions page in a new
 * tab to its first sessions on screen, and how long a change in the service takes to
 * reach the page's replica. It prints figures and asserts nothing; see bench/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { startService } from '../../main/service.ts';
import { builtUiDirectory } from '../../api/pages/uiAssets.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { launchBrowser } from '../../test/e2e/support/browser.ts';
import { loginUrlOn } from '../../test/e2e/support/earshotInBrowser.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { describeMachine, machineSummary } from '../support/machine.ts';

const sessionCount = Number(process.env.BENCH_UI_SESSIONS ?? 10_000);
const changeSamples = 200;
const log = (line: string) => console.error(line);

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

function bundleSizes(): { raw: number; gzip: number } {
  const assets = join(builtUiDirectory, 'assets');
  let raw = 0;
  let gzip = 0;
  for (const name of readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))) {
    const content = readFileSync(join(assets, name));
    raw += content.byteLength;
    gzip += gzipSync(content).byteLength;
  }
  return { raw, gzip };
}

const directory = temporaryDirectory('bench-ui');
try {
  log(`Creating ${sessionCount} sessions…`);
  const seeding = SessionStore.open(directory.path);
  seeding.putTopic({ id: 'topic-1', name: 'Meetings', emoji: '📅', description: 'Weekly meetings' });
  seeding.putTag({ id: 'tag-1', name: 'budget', color: '#2f5fd0' });
  const startedAt = Date.now() - sessionCount * 60_000;
  for (let index = 0; index < sessionCount; index++) {
    const session = seeding.createSession({
      title: `Session ${index + 1}: planning review`,
      providerId: 'deepgram',
      startedAt: startedAt + index * 60_000,
      topicId: index % 3 === 0 ? 'topic-1' : null,
      tagIds: index % 5 === 0 ? ['tag-1'] : [],
    });
    seeding.setSessionStatus(session.id, 'completed');
  }
  seeding.close();

  const service = await startService({ dataDirectory: directory.path, port: 0 });
  const browser = await launchBrowser();
  try {
    // The page's CSP forbids eval; the bench's own probes are evaluated strings.
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    let snapshotBytes = 0;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (text.startsWith('{"type":"sync.snapshot"')) snapshotBytes = Buffer.byteLength(text);
      }),
    );
    const opening = performance.now();
    // Signs in with a one-time link, as a user does; the page opens at / afterwards.
    await page.goto(loginUrlOn(`http://localhost:${service.port}/`, service));
    await page.waitForFunction(
      `window.earshotReplica?.getRowCount('sessions') === ${sessionCount}`,
      undefined,
      { polling: 10, timeout: 120_000 },
    );
    const replicaReadyMs = performance.now() - opening;
    const heapBytes = Number(await page.evaluate('performance.memory?.usedJSHeapSize ?? 0'));

    // A returning user opening the Sessions page in a new tab: usable once its first page of
    // sessions is on screen (the list comes from the service, not from the full replica).
    log('Opening the Sessions page in a second tab…');
    const secondTab = await page.context().newPage();
    const reopening = performance.now();
    await secondTab.goto(`http://localhost:${service.port}/#/sessions`);
    await secondTab.getByTestId('session-list').getByRole('listitem').first().waitFor({ timeout: 120_000 });
    const firstRowsMs = performance.now() - reopening;
    await secondTab.waitForFunction(
      `window.earshotReplica?.getRowCount('sessions') === ${sessionCount}`,
      undefined,
      { polling: 10, timeout: 120_000 },
    );
    const secondReplicaMs = performance.now() - reopening;
    await secondTab.close();

    log(`Measuring ${changeSamples} changes…`);
    await page.evaluate(`window.benchArrivals = {};
      window.earshotReplica.addCellListener('sessions', null, 'title', (store, tableId, rowId, cellId, title) => {
        window.benchArrivals[title] = performance.timeOrigin + performance.now();
      });`);
    const sessionId = service.store.listSessions({ limit: 1, offset: 0 }).sessions[0]!.id;
    const sentAt = new Map<string, number>();
    for (let sample = 0; sample < changeSamples; sample++) {
      const title = `Renamed ${sample}`;
      sentAt.set(title, performance.timeOrigin + performance.now());
      service.store.updateSession(sessionId, { title });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await page.waitForFunction(`window.benchArrivals['Renamed ${changeSamples - 1}'] !== undefined`);
    const arrivals = await page.evaluate<Record<string, number>>('window.benchArrivals');
    const delays = [...sentAt]
      .filter(([title]) => arrivals[title] !== undefined)
      .map(([title, sent]) => arrivals[title]! - sent)
      .sort((a, b) => a - b);
    const bundle = bundleSizes();

    console.log(
      [
        `Earshot UI benchmark — ${new Date().toISOString()}`,
        `Machine: ${machineSummary(describeMachine())}; Chromium ${browser.version()}`,
        `Built bundle (JS + CSS): ${(bundle.raw / 1024).toFixed(0)} KiB, ${(bundle.gzip / 1024).toFixed(0)} KiB gzip`,
        `History: ${sessionCount} sessions`,
        `Replica snapshot on the wire: ${(snapshotBytes / 1024 / 1024).toFixed(2)} MiB`,
        `Page open → replica holds every session: ${replicaReadyMs.toFixed(0)} ms (page JS heap ${(heapBytes / 1024 / 1024).toFixed(0)} MiB)`,
        `Sessions page opened in a new tab → its first sessions on screen: ${firstRowsMs.toFixed(0)} ms; → replica holds every session: ${secondReplicaMs.toFixed(0)} ms`,
        `Change in the service → page replica (${delays.length} of ${changeSamples} seen; intermediate ones may merge): ` +
          `p50 ${percentile(delays, 0.5).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await service.close();
  }
} finally {
  directory.remove();
}
