/**
 * `npm run bench:inspection`: what the visualizer costs. Drives the batch window machine (the
 * busiest: one AUDIO event per 100 ms frame) through many events with no inspection, inspected
 * with no one watching, and inspected with a watcher that serialises every change as /ws/app
 * does; then times describing and laying out every machine (the Inspector's first snapshot) and
 * generating each machine's paths, with their sizes on the wire. It prints figures and asserts
 * nothing; see bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { createActor, type InspectionEvent } from 'xstate';
import { describeMachine, describePaths } from '../../machines/analysis/describeMachine.ts';
import { batchWindowMachine } from '../../machines/batchWindow.ts';
import { analyzeEntry, machineCatalog } from '../../machines/catalog.ts';
import { ActorInspection } from '../../actors/inspection/actorInspection.ts';
import { layOutMachine } from '../../machines/analysis/machineLayout.ts';
import { describeMachine as describeComputer, machineSummary } from '../support/machine.ts';

const events = Number(process.env.BENCH_INSPECTION_EVENTS ?? 200_000);
const rounds = 5;

type Mode = 'not inspected' | 'inspected, nobody watching' | 'inspected and watched';

/** Nanoseconds per event for one run of `events` audio events (with a pass every 50 frames). */
function run(mode: Mode): { nanoseconds: number; bytes: number } {
  const inspection = new ActorInspection();
  let bytes = 0;
  if (mode === 'inspected and watched') {
    inspection.watch((change) => (bytes += JSON.stringify(change).length));
  }
  const inspect: ((event: InspectionEvent) => void) | undefined =
    mode === 'not inspected' ? undefined : inspection.observe({ machine: 'batchWindow', label: 'bench' });
  const actor = createActor(batchWindowMachine, { inspect }).start();
  actor.send({ type: 'OPEN', mode: 'interval' });
  const started = performance.now();
  for (let index = 0; index < events; index++) {
    actor.send({ type: 'AUDIO', durationMs: 100 });
    if (index % 50 === 49) actor.send({ type: 'PASS_DONE', durationMs: 300 });
  }
  const elapsed = performance.now() - started;
  actor.stop();
  return { nanoseconds: (elapsed * 1e6) / events, bytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

console.log(`Inspection benchmark — ${machineSummary(describeComputer())}`);
console.log(
  `\nEvents through the batch window machine (${events} AUDIO events, median of ${rounds} rounds):`,
);
const modes: Mode[] = ['not inspected', 'inspected, nobody watching', 'inspected and watched'];
run('not inspected');
const perMode = new Map<Mode, number>();
for (const mode of modes) {
  const results = Array.from({ length: rounds }, () => run(mode));
  perMode.set(mode, median(results.map((result) => result.nanoseconds)));
  const bytes = median(results.map((result) => result.bytes));
  const wire =
    mode === 'inspected and watched' ? `, ${(bytes / events).toFixed(0)} bytes per event serialised` : '';
  console.log(`  ${mode.padEnd(28)} ${(perMode.get(mode) ?? 0).toFixed(0).padStart(6)} ns per event${wire}`);
}
const base = perMode.get('not inspected') ?? 1;
for (const mode of modes.slice(1)) {
  const added = (perMode.get(mode) ?? 0) - base;
  console.log(`  ${mode}: +${added.toFixed(0)} ns per event (${((added / base) * 100).toFixed(0)} %)`);
}

console.log('\nThe Inspector snapshot (every machine described and laid out with ELK), cold:');
const layoutStarted = performance.now();
const drawings = [];
// One after another, so each figure is that machine's own (the first pays for warming ELK up).
for (const entry of machineCatalog) {
  const description = describeMachine(entry.machine, entry.summary);
  const started = performance.now();
  const layout = await layOutMachine(description);
  drawings.push({
    name: entry.name,
    milliseconds: performance.now() - started,
    drawing: { description, layout },
  });
}
const layoutMs = performance.now() - layoutStarted;
for (const { name, milliseconds, drawing } of drawings) {
  console.log(
    `  ${name.padEnd(16)} ${drawing.description.states.length} states, ${drawing.description.transitions.length} transitions, laid out in ${milliseconds.toFixed(0)} ms`,
  );
}
const snapshotBytes = JSON.stringify(drawings.map((entry) => entry.drawing)).length;
console.log(
  `  all ${drawings.length}: ${layoutMs.toFixed(0)} ms, ${(snapshotBytes / 1024).toFixed(1)} KiB as JSON`,
);

console.log('\nGenerated paths (as `inspect.paths` sends them):');
for (const entry of machineCatalog) {
  const started = performance.now();
  const paths = describePaths(entry.pathMachine ?? entry.machine, analyzeEntry(entry));
  const milliseconds = performance.now() - started;
  console.log(
    `  ${entry.name.padEnd(16)} ${String(paths.paths.length).padStart(5)} paths in ${milliseconds.toFixed(0).padStart(4)} ms, ${(JSON.stringify(paths).length / 1024).toFixed(0).padStart(5)} KiB`,
  );
}
