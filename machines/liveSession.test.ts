import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type LiveSessionEvent, liveSessionMachine, reconnectBackoffMs } from './liveSession.ts';

/** A live-session actor on a simulated clock with the effects left as the machine's placeholders. */
function session() {
  const clock = new SimulatedClock();
  const actor = createActor(liveSessionMachine, { clock }).start();
  return {
    send: (...events: LiveSessionEvent[]) => events.forEach((event) => actor.send(event)),
    wait: (ms: number) => clock.increment(ms),
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

const refused = 'Cannot reach P13 FunASR / SenseVoice server at http://127.0.0.1:10095 (connection refused).';
const unreachable: LiveSessionEvent = {
  type: 'STREAM_FAILED',
  permanent: false,
  message: refused,
  unreachable: true,
};
const dropped: LiveSessionEvent = { type: 'STREAM_FAILED', permanent: false, message: 'The link dropped.' };

describe('liveSession machine: a provider that cannot be reached', () => {
  it('ends the session interrupted at once when the first connection finds nothing there', () => {
    const subject = session();
    subject.send(unreachable);
    expect(subject.state()).toBe('interrupted');
    expect(subject.context().error).toBe(refused);
  });

  it('is a drop like any other once the session has streamed: it reconnects, and gives up in the end', () => {
    const subject = session();
    subject.send({ type: 'STREAM_READY' }, dropped);
    expect(subject.state()).toBe('reconnecting');
    for (let attempt = 1; subject.state() === 'reconnecting'; attempt++) {
      subject.wait(reconnectBackoffMs(subject.context().failedAttempts));
      expect(subject.state()).toBe('connecting');
      subject.send(unreachable);
      expect(attempt).toBeLessThanOrEqual(6);
    }
    expect(subject.state()).toBe('interrupted');
    expect(subject.context().error).toBe(`${refused} (gave up after 6 reconnects).`);
  });

  it('ends the session interrupted at once after Stop, whether it was reconnecting or finishing', () => {
    const reconnecting = session();
    reconnecting.send({ type: 'STREAM_READY' }, dropped, { type: 'STOP' });
    reconnecting.wait(reconnectBackoffMs(1));
    reconnecting.send(unreachable);
    expect(reconnecting.state()).toBe('interrupted');

    const finishing = session();
    finishing.send({ type: 'STREAM_READY' }, { type: 'STOP' });
    expect(finishing.state()).toBe('stopping');
    finishing.send(unreachable);
    expect(finishing.state()).toBe('interrupted');
    expect(finishing.context().error).toBe(refused);
  });

  it('still retries any other failure of the first connection', () => {
    const subject = session();
    subject.send(dropped);
    expect(subject.state()).toBe('reconnecting');
  });
});
