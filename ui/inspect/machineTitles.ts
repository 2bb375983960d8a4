/** What the actor list calls the actors of each machine of the catalog (machines/catalog.ts). */
const actorGroupTitles: Record<string, string> = {
  liveSession: 'Live sessions and their provider connections',
  proxyConnection: 'Proxy connections',
  batchWindow: 'Batch windows',
  fileJob: 'File jobs',
  whisperRuntime: 'P14 runtime',
  sessionStatus: 'Session status',
};

/** A machine not named above (added to the catalog later) is listed by its name. */
export function actorGroupTitle(machine: string): string {
  return actorGroupTitles[machine] ?? machine;
}
