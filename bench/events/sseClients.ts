/**
 * The clients of `npm run bench:events`, in a process of their own so that their parsing does not
 * share the service's event loop. Told over IPC to open event streams (reading, or stalled: they
 * stop reading once the answer's headers have come), it records each event's delivery latency, by
 * the step and send time the benchmark writes at the start of the event's text.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

import { latencyFigures } from '../live/measure/latencyFigures.ts';

export type ClientCommand =
  | { type: 'open'; baseUrl: string; token: string; count: number; stalled: boolean; sessionPrefix?: string }
  | { type: 'report'; step: number }
  | { type: 'close' };

export type ClientReply =
  | { type: 'opened'; count: number }
  | {
      type: 'report';
      step: number;
      /** Events of this step each reading client received; one entry per client. */
      receivedPerClient: number[];
      latency: ReturnType<typeof latencyFigures>;
      /** Streams that ended (a dropped client's stream ends). */
      ended: number;
    };

/** The monotonic clock of the whole machine (CLOCK_MONOTONIC), the same in both processes. */
export const machineMilliseconds = () => Number(process.hrtime.bigint()) / 1e6;

/** `<step> <sent at, ms>` at the start of every benchmark event's text. */
const marker = /"text":"(\d+) ([\d.]+) /g;

const requests: ClientRequest[] = [];
const latenciesByStep = new Map<number, number[]>();
const receivedByStep = new Map<number, number[]>();
let readingClients = 0;
let ended = 0;

function open(command: Extract<ClientCommand, { type: 'open' }>, index: number): Promise<void> {
  const query = command.sessionPrefix === undefined ? '' : `?sessionId=${command.sessionPrefix}${index}`;
  return new Promise((resolve, reject) => {
    const client = request(
      `${command.baseUrl}/api/v1/events${query}`,
      { headers: { Authorization: `Bearer ${command.token}` } },
      (response: IncomingMessage) => {
        response.once('end', () => (ended += 1));
        if (command.stalled) {
          response.pause();
          resolve();
          return;
        }
        const clientIndex = readingClients++;
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = machineMilliseconds();
          pending += chunk;
          const complete = pending.lastIndexOf('\n\n');
          if (complete === -1) return;
          const text = pending.slice(0, complete);
          pending = pending.slice(complete + 2);
          for (const match of text.matchAll(marker)) {
            const step = Number(match[1]);
            let latencies = latenciesByStep.get(step);
            if (latencies === undefined) latenciesByStep.set(step, (latencies = []));
            latencies.push(now - Number(match[2]));
            let received = receivedByStep.get(step);
            if (received === undefined) receivedByStep.set(step, (received = []));
            received[clientIndex] = (received[clientIndex] ?? 0) + 1;
          }
        });
        resolve();
      },
    );
    client.on('error', reject);
    client.end();
    requests.push(client);
  });
}

process.on('message', (command: ClientCommand) => {
  const reply = (message: ClientReply) => process.send?.(message);
  if (command.type === 'open') {
    void Promise.all(Array.from({ length: command.count }, (_, index) => open(command, index))).then(() =>
      reply({ type: 'opened', count: command.count }),
    );
  } else if (command.type === 'report') {
    const received = receivedByStep.get(command.step) ?? [];
    reply({
      type: 'report',
      step: command.step,
      receivedPerClient: Array.from({ length: readingClients }, (_, index) => received[index] ?? 0),
      latency: latencyFigures(latenciesByStep.get(command.step) ?? []),
      ended,
    });
    latenciesByStep.delete(command.step);
  } else {
    for (const each of requests) each.destroy();
    process.disconnect();
  }
});
