import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { connectAppChannel } from '../support/appChannelClient.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import type * as MachineLayout from '../../machines/analysis/machineLayout.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { machineCatalog } from '../../machines/catalog.ts';

// The first layout fails (as ELK might on a machine it cannot lay out); later ones work.
const failures = vi.hoisted(() => ({ remaining: 1 }));
vi.mock('../../machines/analysis/machineLayout.ts', async (importOriginal) => {
  const original = await importOriginal<typeof MachineLayout>();
  return {
    ...original,
    layOutMachine: (...args: Parameters<typeof original.layOutMachine>) => {
      if (failures.remaining > 0) {
        failures.remaining--;
        return Promise.reject(new Error('layout engine failed'));
      }
      return original.layOutMachine(...args);
    },
  };
});

let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;
beforeEach(async () => {
  directory = temporaryDirectory('app-inspection-failure');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});
afterEach(async () => {
  await service.close();
  directory.remove();
});

it('says so when the machines cannot be drawn, keeps serving, and draws them when asked again', async () => {
  const client = await connectAppChannel(service);
  client.socket.send(JSON.stringify({ type: 'inspect.start' }));
  expect(await client.next('inspect.refused')).toMatchObject({
    message: 'The machines could not be drawn (layout engine failed); try again.',
  });
  expect(service.inspection.watched).toBe(false);
  client.socket.send(JSON.stringify({ type: 'inspect.start' }));
  const snapshot = await client.next('inspect.snapshot');
  expect(snapshot.type === 'inspect.snapshot' && snapshot.machines.length).toBe(machineCatalog.length);
  expect(service.inspection.watched).toBe(true);
  client.socket.close();
});
