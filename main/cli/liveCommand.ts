import { resolve } from 'node:path';
import { WebSocket } from 'ws';
import { captureFile } from '../../actors/capture/fileCapture.ts';
import type { AudioInputMode } from '../../providers/contract.ts';
import { findProvider } from '../../providers/registry.ts';
import type { AppMessage } from '../../api/appChannel/appProtocol.ts';
import { openAppChannel } from './appChannelSocket.ts';
import { liveStatusLine } from './liveStatusLine.ts';
import { TentativeLine } from './tentativeLine.ts';
import { readRunningService } from '../serviceFile.ts';
import { startService } from '../service.ts';
import { UsageError } from './usage.ts';

export interface LiveOptions {
  provider?: string;
  from?: string;
  speed?: string;
  title?: string;
  language?: string;
}

/**
 * `earshot live --provider ID --from FILE`: plays the file as live audio into a live session of
 * the running service (or of a service started in this process), exactly as the app's capture
 * does over `/ws/app`. Committed text goes to stdout as it is committed, the tentative tail to
 * stderr; the exit code says whether the session completed.
 */
export async function liveCommand(dataDirectory: string, options: LiveOptions): Promise<void> {
  if (options.provider === undefined || options.from === undefined) {
    throw new UsageError(
      'Name the provider and the file: earshot live --provider ID --from FILE [--speed N]',
    );
  }
  const speed = options.speed === undefined ? 1 : Number(options.speed);
  if (!(speed > 0))
    throw new UsageError(`--speed takes a number above 0 (1 is real time), not "${options.speed}".`);
  const definition = findProvider(options.provider);
  if (definition === undefined) {
    throw new UsageError(
      `There is no provider "${options.provider}"; name one by id or label, such as deepgram or P06.`,
    );
  }

  const running = readRunningService(dataDirectory);
  const service = running === undefined ? await startService({ dataDirectory, port: 0 }) : undefined;
  const address = running?.info.baseUrl ?? service?.baseUrl ?? '';
  const launchSecret = running?.launchSecret ?? service?.launchSecret ?? '';
  let liveGraceMs: number | undefined;
  try {
    const ended = await runLiveSession(address, launchSecret, {
      provider: definition.metadata.id,
      path: resolve(options.from),
      speed,
      title: options.title,
      languageHints: options.language === undefined ? undefined : [options.language],
      // A second Ctrl-C while the end is transcribed: a running service keeps at it by itself; this
      // process's own service cannot outlive it, so it stops now and keeps the session interrupted.
      leaveFinishing:
        service === undefined
          ? 'service'
          : () => {
              liveGraceMs = 0;
              void service.close(0);
            },
    });
    if (ended === 'left') return;
    process.stderr.write(`Saved as session ${ended.sessionId} (${ended.state}).\n`);
    if (ended.state !== 'completed') throw new Error(ended.error ?? 'The live session was interrupted.');
  } finally {
    await service?.close(liveGraceMs);
  }
}

interface LiveRun {
  provider: string;
  path: string;
  speed: number;
  title?: string;
  languageHints?: string[];
  /** What a second Ctrl-C after Stop does: leave the session to the running service, or end it now. */
  leaveFinishing: 'service' | (() => void);
}

type Ended = Extract<AppMessage, { type: 'live.ended' }>;

async function runLiveSession(baseUrl: string, launchSecret: string, run: LiveRun): Promise<Ended | 'left'> {
  const socket = openAppChannel(baseUrl, launchSecret);
  const tentative = new TentativeLine(process.stderr);
  const capture = new AbortController();
  let sessionId: string | undefined;
  let untranscribedMs = 0;
  let toldSlow = false;
  let toldAudioProblem = false;
  let leave: () => void = () => {};
  const interrupt = () => {
    if (!capture.signal.aborted) {
      tentative.note(
        'Stopping… every word captured is transcribed before the session is saved (Ctrl-C again to leave it).',
      );
      capture.abort();
      return;
    }
    leave();
  };
  process.on('SIGINT', interrupt);
  try {
    return await new Promise<Ended | 'left'>((resolvePromise, reject) => {
      leave = () => {
        const left = `${Math.ceil(untranscribedMs / 1000)} s`;
        if (run.leaveFinishing === 'service') {
          tentative.note(
            `Left finishing in the service (${left} of audio to go). See the result with: earshot sessions show ${sessionId ?? ''}`,
          );
          resolvePromise('left');
        } else {
          tentative.note(
            `Stopping now: the last ${left} of audio are not transcribed; the session is kept as interrupted.`,
          );
          run.leaveFinishing();
        }
      };
      socket.on('error', (error) =>
        reject(new Error(`Cannot reach the Earshot service at ${baseUrl} (${error.message}).`)),
      );
      socket.on('close', () => reject(new Error('The Earshot service closed the connection.')));
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'live.start',
            provider: run.provider,
            title: run.title,
            languageHints: run.languageHints,
          }),
        ),
      );
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as AppMessage;
        switch (message.type) {
          case 'live.refused':
            reject(new Error(message.message));
            return;
          case 'live.started':
            sessionId = message.sessionId;
            // The service says which audio the session takes (WebM/Opus for P01, PCM16 otherwise).
            void playFile(socket, run, message.audioFormat, capture.signal).then(
              () => socket.send(JSON.stringify({ type: 'live.stop' })),
              (error: unknown) => {
                socket.send(JSON.stringify({ type: 'live.stop' }));
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            );
            return;
          case 'live.update':
            for (const segment of message.committed) {
              tentative.clear();
              process.stdout.write(`${segment.text}\n`);
            }
            untranscribedMs = message.pace?.untranscribedMs ?? 0;
            tentative.show(liveStatusLine(message));
            if (!toldSlow && message.state === 'streaming' && (message.pace?.speed ?? 1) < 1) {
              toldSlow = true;
              tentative.note(
                `This model is slower than real time (${(message.pace?.speed ?? 0).toFixed(1)}×): text is ` +
                  `${Math.ceil(untranscribedMs / 1000)} s behind and falls further back. Every word is kept; ` +
                  'a smaller model or another provider keeps up.',
              );
            }
            if (!toldAudioProblem && message.audioProblem !== undefined) {
              toldAudioProblem = true;
              tentative.note(message.audioProblem);
            }
            return;
          case 'live.ended':
            tentative.clear();
            resolvePromise(message);
        }
      });
    });
  } finally {
    process.removeListener('SIGINT', interrupt);
    tentative.clear();
    socket.close();
  }
}

async function playFile(
  socket: WebSocket,
  run: LiveRun,
  format: AudioInputMode,
  signal: AbortSignal,
): Promise<void> {
  for await (const frame of captureFile({ path: run.path, format, speed: run.speed, signal })) {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(frame.bytes);
  }
}
