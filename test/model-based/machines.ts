import type { AnyStateMachine } from 'xstate';
import { sessionStatusMachine } from '../../machines/sessionStatus.ts';
import type { ModelTraversal } from './pathCoverage.ts';

export interface ModelEntry<M extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: M;
  traversal?: ModelTraversal<M>;
}

// Checks each entry against its own machine's event and snapshot types before the list erases them.
function entry<M extends AnyStateMachine>(model: ModelEntry<M>): ModelEntry {
  return model;
}

/** Every machine the model-based tests and `npm run test:paths` cover. Add one line per machine. */
export const modelMachines: readonly ModelEntry[] = [
  entry({
    name: 'sessionStatus',
    machine: sessionStatusMachine,
    traversal: { extraEvents: [{ type: 'FAIL', reason: 'model-based path' }] },
  }),
];

export function modelEntry(name: string): ModelEntry {
  const found = modelMachines.find((model) => model.name === name);
  if (!found) throw new Error(`no machine named ${name} in test/model-based/machines.ts`);
  return found;
}
