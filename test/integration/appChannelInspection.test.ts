import { afterEach, beforeEach, expect, it } from 'vitest';
import { type DeepgramService, startDeepgramService } from '../support/deepgramService.ts';
import { connectAppChannel } from '../support/appChannelClient.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import { machineCatalog } from '../../machines/catalog.ts';
import type { RunningService } from '../../main/service.ts';
import type { AppMessage } from '../../api/appChannel/appProtocol.ts';

/** The visualizer's side of `/ws/app`: machines drawn, actors and their steps as they happen. */
let running: DeepgramService;
let service: RunningService;

beforeEach(async () => {
  running = await startDeepgramService('app-inspection');
  service = running.service;
});
afterEach(() => running.close());

const of = <T extends AppMessage['type']>(messages: AppMessage[], type: T) =>
  messages.filter((message): message is Extract<AppMessage, { type: T }> => message.type === type);

it('draws every machine and follows a live session and its proxy connection step by step', async () => {
  const watcher = await connectAppChannel(service);
  watcher.socket.send(JSON.stringify({ type: 'inspect.start' }));
  const snapshot = await watcher.next('inspect.snapshot');
  if (snapshot.type !== 'inspect.snapshot') throw new Error('no snapshot');
  expect(snapshot.machines.map((drawing) => drawing.description.name)).toEqual(
    machineCatalog.map((entry) => entry.name),
  );
  for (const { description, layout } of snapshot.machines) {
    expect(Object.keys(layout.states).sort()).toEqual(description.states.map((state) => state.id).sort());
    expect(Object.keys(layout.transitions).sort()).toEqual(description.transitions.map((t) => t.id).sort());
  }
  const runtime = snapshot.machines.find((drawing) => drawing.description.name === 'whisperRuntime');
  expect(runtime?.description.transitions).toContainEqual(
    expect.objectContaining({ label: 'after 20 s', delay: { name: 'readinessTimeout', ms: 20_000 } }),
  );
  expect(snapshot.actors).toEqual([]);

  const recorder = await connectAppChannel(service);
  recorder.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram', title: 'Inspected' }));
  const started = await recorder.next('live.started');
  if (started.type !== 'live.started') throw new Error('not started');
  recorder.socket.send(markedSpeech(markedSentences(4)));
  while (
    !recorder.messages.some((message) => message.type === 'live.update' && message.state === 'streaming')
  ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  recorder.socket.send(JSON.stringify({ type: 'live.stop' }));
  await recorder.next('live.ended');
  // The service's last inspection messages of the session go out in the turn it ends.
  await new Promise((resolve) => setTimeout(resolve, 50));

  const sessionActorId = `liveSession:${started.sessionId}`;
  const actors = of(watcher.messages, 'inspect.actor').map((message) => message.actor);
  expect(actors.filter((actor) => actor.id === sessionActorId).map((actor) => actor.status)).toEqual([
    'active',
    'done',
  ]);
  expect(actors.find((actor) => actor.id === sessionActorId)?.label).toMatch(/^Deepgram.* · Inspected$/);
  expect(actors.some((actor) => actor.machine === 'proxyConnection')).toBe(true);
  const states = of(watcher.messages, 'inspect.step')
    .filter((message) => message.actorId === sessionActorId)
    .map((message) => message.step.value);
  expect(states[0]).toBe('connecting');
  expect(states).toContain('streaming');
  expect(states.at(-1)).toBe('completed');

  watcher.socket.send(JSON.stringify({ type: 'inspect.history', actorId: sessionActorId }));
  const history = await watcher.next('inspect.history');
  if (history.type !== 'inspect.history') throw new Error('no history');
  expect(history.dropped).toBe(0);
  expect(history.steps.map((step) => step.seq)).toEqual(history.steps.map((_, index) => index));
  expect(history.steps.at(-1)?.value).toBe('completed');
  recorder.socket.close();
  watcher.socket.close();
});

it('sends nothing to a client that has not asked, or has stopped asking', async () => {
  const client = await connectAppChannel(service);
  client.socket.send(JSON.stringify({ type: 'inspect.start' }));
  await client.next('inspect.snapshot');
  client.socket.send(JSON.stringify({ type: 'inspect.stop' }));
  const bystander = await connectAppChannel(service);
  bystander.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram' }));
  await bystander.next('live.started');
  bystander.socket.send(JSON.stringify({ type: 'live.stop' }));
  await bystander.next('live.ended');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(client.messages.map((message) => message.type)).toEqual(['inspect.snapshot']);
  expect(bystander.messages.some((message) => message.type.startsWith('inspect.'))).toBe(false);
  expect(service.inspection.watched).toBe(false);
  client.socket.close();
  bystander.socket.close();
});

it("gives a machine's generated paths, and refuses an unknown actor or machine with what to do", async () => {
  const client = await connectAppChannel(service);
  client.socket.send(JSON.stringify({ type: 'inspect.paths', machine: 'sessionStatus' }));
  const answer = await client.next('inspect.paths');
  if (answer.type !== 'inspect.paths') throw new Error('no paths');
  expect(answer.paths.coverage).toEqual({
    states: { covered: 3, total: 3 },
    transitions: { covered: 6, total: 6 },
  });
  expect(new Set(answer.paths.paths.map((path) => path.kind))).toEqual(
    new Set(['shortest', 'simple', 'transition']),
  );
  client.socket.send(JSON.stringify({ type: 'inspect.paths', machine: 'nope' }));
  expect(await client.next('inspect.refused')).toMatchObject({ message: /earshot inspect machines/ });
  client.messages.length = 0;
  client.socket.send(JSON.stringify({ type: 'inspect.history', actorId: 'liveSession:missing' }));
  expect(await client.next('inspect.refused')).toMatchObject({ message: /No actor liveSession:missing/ });
  client.socket.close();
});
