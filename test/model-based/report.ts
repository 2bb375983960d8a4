// Prints path coverage for every registered machine; exits non-zero if anything is left uncovered.
import { formatCoverage, isFullyCovered } from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, machineCatalog } from '../../machines/catalog.ts';

let failed = false;
for (const entry of machineCatalog) {
  const { name } = entry;
  try {
    const { coverage } = analyzeEntry(entry);
    console.log(formatCoverage(name, coverage));
    if (!isFullyCovered(coverage)) {
      failed = true;
      for (const state of coverage.states.uncovered) console.error(`  uncovered state: ${state}`);
      for (const transition of coverage.transitions.uncovered) {
        console.error(`  uncovered transition: ${transition}`);
      }
    }
  } catch (error) {
    failed = true;
    console.log(`${name}: error`);
    console.error(`  ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exitCode = failed ? 1 : 0;
