/**
 * Where this browser keeps the setup's memory (setupMemory.ts) in localStorage; a file of its own so
 * the browser tests can settle the setup for pages other than it without loading the UI's code.
 */
export const setupStorageKey = 'earshot.setup';
