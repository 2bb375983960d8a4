import type { WebSocket } from 'ws';
import { describeMachine, describePaths } from '../../machines/analysis/describeMachine.ts';
import { analyzeEntry, machineCatalog } from '../../machines/catalog.ts';
import type { AppMessage, ClientMessage, InspectedActor } from '../../api/appChannel/appProtocol.ts';
import { readRunningService } from '../serviceFile.ts';
import { openAppChannel } from './appChannelSocket.ts';
import { coverageLine, machineText, pathText, stepText } from './machineText.ts';
import { UsageError } from './usage.ts';

/**
 * `earshot inspect …`: the machines as their definitions say (`machines`, `paths`; no service
 * needed), and the actors of the running service (`actors`, `history`, `live`), the same view the
 * app's Inspector page has.
 */
export async function inspectCommand(
  dataDirectory: string,
  action: string | undefined,
  argument: string | undefined,
  json: boolean,
): Promise<void> {
  switch (action) {
    case 'machines':
      return printMachines(argument, json);
    case 'paths':
      return printPaths(argument, json);
    case 'actors':
      return printActors(dataDirectory, json);
    case 'history':
      return printHistory(dataDirectory, argument, json);
    case 'live':
      return followLive(dataDirectory, json);
    default:
      throw new UsageError(
        `inspect takes machines [NAME], paths NAME, actors, history ACTOR or live, not "${action ?? ''}".`,
      );
  }
}

function catalogEntryNamed(name: string) {
  const entry = machineCatalog.find((candidate) => candidate.name === name);
  if (entry === undefined) {
    throw new UsageError(
      `There is no machine "${name}"; the machines are ${machineCatalog.map((e) => e.name).join(', ')}.`,
    );
  }
  return entry;
}

function printMachines(name: string | undefined, json: boolean): void {
  const entries = name === undefined ? machineCatalog : [catalogEntryNamed(name)];
  const descriptions = entries.map((entry) => describeMachine(entry.machine, entry.summary));
  console.log(json ? JSON.stringify(descriptions, null, 2) : descriptions.map(machineText).join('\n\n'));
}

function printPaths(name: string | undefined, json: boolean): void {
  if (name === undefined) throw new UsageError('Name the machine: earshot inspect paths NAME.');
  const entry = catalogEntryNamed(name);
  const paths = describePaths(entry.pathMachine ?? entry.machine, analyzeEntry(entry));
  if (json) return void console.log(JSON.stringify(paths, null, 2));
  console.log(coverageLine(paths));
  for (const kind of ['shortest', 'simple', 'transition'] as const) {
    const ofKind = paths.paths.filter((path) => path.kind === kind);
    console.log(`\n${kind} paths (${ofKind.length}):`);
    for (const path of ofKind) console.log(`  ${pathText(path, entry.name)}`);
  }
}

async function printActors(dataDirectory: string, json: boolean): Promise<void> {
  await talkToService(dataDirectory, [{ type: 'inspect.start' }], (message) => {
    if (message.type !== 'inspect.snapshot') return false;
    if (json) console.log(JSON.stringify(message.actors, null, 2));
    else if (message.actors.length === 0) console.log('No actor is running or kept yet.');
    else for (const actor of message.actors) console.log(actorLine(actor));
    return true;
  });
}

async function printHistory(
  dataDirectory: string,
  actorId: string | undefined,
  json: boolean,
): Promise<void> {
  if (actorId === undefined) {
    throw new UsageError(
      'Name the actor: earshot inspect history ACTOR (earshot inspect actors lists them).',
    );
  }
  await talkToService(dataDirectory, [{ type: 'inspect.history', actorId }], (message) => {
    if (message.type !== 'inspect.history') return false;
    if (json) {
      console.log(JSON.stringify(message, null, 2));
      return true;
    }
    const machine = actorId.slice(0, actorId.indexOf(':'));
    if (message.dropped > 0) console.log(`(${message.dropped} older steps are no longer kept)`);
    for (const step of message.steps) console.log(stepText(step, machine));
    const last = message.steps.at(-1);
    if (last !== undefined) console.log(`context: ${JSON.stringify(last.context, null, 2)}`);
    return true;
  });
}

/** Streams every actor that starts or ends and every step, until Ctrl-C. */
async function followLive(dataDirectory: string, json: boolean): Promise<void> {
  const machines = new Map<string, string>();
  const printedSeq = new Map<string, number>();
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  await talkToService(
    dataDirectory,
    [{ type: 'inspect.start' }],
    (message) => {
      if (json) {
        console.log(JSON.stringify(message));
        return false;
      }
      if (message.type === 'inspect.snapshot') {
        console.log(`Watching ${message.actors.length} actors; Ctrl-C to stop.`);
        for (const actor of message.actors) {
          machines.set(actor.id, actor.machine);
          console.log(actorLine(actor));
        }
      } else if (message.type === 'inspect.actor') {
        machines.set(message.actor.id, message.actor.machine);
        const verb = message.actor.endedAt === null ? 'started' : `ended (${message.actor.status})`;
        console.log(`${message.actor.id} ${verb}: ${message.actor.label}`);
      } else if (message.type === 'inspect.step') {
        // A folded repeat (audio frames, progress) comes again with its step's seq; the first line says it.
        if (printedSeq.get(message.actorId) === message.step.seq) return false;
        printedSeq.set(message.actorId, message.step.seq);
        const machine = machines.get(message.actorId) ?? '';
        console.log(`${stepText(message.step, machine)}  ${message.actorId}`);
      }
      return false;
    },
    stop.signal,
  );
}

function actorLine(actor: InspectedActor): string {
  const state = actor.current.stateIds.at(-1)?.slice(actor.machine.length + 1) ?? '?';
  const ended = actor.endedAt === null ? '' : ` (${actor.status} ${new Date(actor.endedAt).toISOString()})`;
  return `${actor.id}  ${state}${ended}  ${actor.label}`;
}

/**
 * Sends `requests` on `/ws/app` of the service running for the data directory and hands each answer
 * to `handle` until it returns true (or `until` aborts). A refusal ends it with the service's words.
 */
async function talkToService(
  dataDirectory: string,
  requests: ClientMessage[],
  handle: (message: AppMessage) => boolean,
  until?: AbortSignal,
): Promise<void> {
  const running = readRunningService(dataDirectory);
  if (running === undefined) {
    throw new Error(`No Earshot service is running for ${dataDirectory}; start it with: earshot serve`);
  }
  const socket: WebSocket = openAppChannel(running.info.baseUrl, running.launchSecret);
  try {
    await new Promise<void>((resolve, reject) => {
      until?.addEventListener('abort', () => resolve());
      socket.on('error', (error) =>
        reject(new Error(`Cannot reach the Earshot service at ${running.info.baseUrl} (${error.message}).`)),
      );
      socket.on('close', () => reject(new Error('The Earshot service closed the connection.')));
      socket.on('open', () => {
        for (const request of requests) socket.send(JSON.stringify(request));
      });
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as AppMessage;
        if (message.type === 'inspect.refused') reject(new Error(message.message));
        else if (handle(message)) resolve();
      });
    });
  } finally {
    socket.removeAllListeners('close');
    socket.close();
  }
}
