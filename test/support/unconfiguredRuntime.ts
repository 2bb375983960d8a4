/**
 * What every surface says about P14 in a fresh data directory (no whisper-server built, no model
 * chosen): written out, so a test shows the exact sentence a new user reads.
 */
export const unconfiguredRuntimeMessage =
  'P14 whisper.cpp is not set up: ' +
  'whisper-server is not built (run `earshot runtime build` or `earshot runtime import-binary PATH`, ' +
  'or Settings → Runtime (#/settings/runtime) → Build binary) and ' +
  'no model is chosen (run `earshot runtime download-model base-q5_1` or `earshot runtime import-model PATH`, ' +
  'or Settings → Runtime → Download model).';
