import type {
  MachineDescription,
  MachinePathsDescription,
  StateDescription,
  TransitionDescription,
} from '../../machines/analysis/machineDescription.ts';
import type { InspectionStep } from '../../api/appChannel/appProtocol.ts';

/** A machine as `earshot inspect machines` prints it: its states as a tree, then every transition. */
export function machineText(machine: MachineDescription): string {
  const lines = [`${machine.name} — ${machine.summary}`];
  const counts = `${machine.states.length} states, ${machine.transitions.length} transitions`;
  lines.push(`  ${counts}`, '  states:');
  const print = (parent: string | null, depth: number) => {
    for (const state of machine.states.filter((candidate) => candidate.parent === parent)) {
      lines.push(`${'  '.repeat(depth + 2)}${stateLine(state)}`);
      print(state.id, depth + 1);
    }
  };
  print(null, 0);
  lines.push('  transitions:');
  const short = (id: string) => id.slice(machine.name.length + 1);
  for (const transition of machine.transitions) {
    lines.push(
      `    ${short(transition.source)} --${transitionLabel(transition)}--> ${short(transition.target)}`,
    );
  }
  return lines.join('\n');
}

function stateLine(state: StateDescription): string {
  const marks = [
    state.initial ? 'initial' : '',
    state.kind === 'final' ? 'final' : '',
    state.entry.length > 0 ? `entry: ${state.entry.join(', ')}` : '',
    state.invoke.length > 0 ? `runs: ${state.invoke.join(', ')}` : '',
  ].filter(Boolean);
  return marks.length === 0 ? state.key : `${state.key} (${marks.join('; ')})`;
}

function transitionLabel(transition: TransitionDescription): string {
  const delay = transition.delay;
  const event =
    delay !== null && delay.name !== null && delay.ms !== null
      ? `${transition.label} (${delay.name})`
      : transition.label;
  const guard = transition.guard === null ? '' : ` [${transition.guard}]`;
  const actions = transition.actions.length === 0 ? '' : ` / ${transition.actions.join(', ')}`;
  const stays = transition.targetless ? ' (stays)' : '';
  return `${event}${guard}${actions}${stays}`;
}

/** `<machine>: states x/y, transitions x/y`, the line `npm run test:paths` prints too. */
export function coverageLine(paths: MachinePathsDescription): string {
  const { states, transitions } = paths.coverage;
  return `${paths.machine}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}`;
}

/** One generated path: each state it passes through, and the event that led there. */
export function pathText(path: MachinePathsDescription['paths'][number], machine: string): string {
  const where = (ids: string[]) => (ids.at(-1) ?? '?').slice(machine.length + 1);
  return path.steps
    .map((step, index) => (index === 0 ? where(step.stateIds) : `--${step.event}--> ${where(step.stateIds)}`))
    .join(' ');
}

/** A recorded step as one line: time, event (×N when folded), and the state it left the actor in. */
export function stepText(step: InspectionStep, machine: string): string {
  const time = new Date(step.at).toISOString().slice(11, 23);
  const repeated = step.repeated > 1 ? ` ×${step.repeated}` : '';
  const state = step.stateIds.map((id) => id.slice(machine.length + 1)).at(-1) ?? JSON.stringify(step.value);
  return `${time}  #${step.seq}  ${step.event.type}${repeated} → ${state}`;
}
