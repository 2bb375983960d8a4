/**
 * What the control channel answers on the settings pages. The UI may not import from main/, so
 * these mirror main/control/providerControl.ts (ProviderView), main/control/configFormFields.ts
 * (FieldDescriptor), main/apiAccessControl.ts and main/control/runtimeControl.ts.
 */

export type FieldKind = 'text' | 'secret' | 'url' | 'number' | 'integer' | 'boolean' | 'choice' | 'list';

export interface FieldDescriptor {
  name: string;
  kind: FieldKind;
  required: boolean;
  defaultValue?: unknown;
  choices?: string[];
  minimum?: number;
  maximum?: number;
  description?: string;
}

export interface ProviderMetadata {
  id: string;
  label: string;
  name: string;
  vendor: string;
  kind: 'cloud' | 'local';
  transport: string;
  audioInput: string;
  executionMode: 'streaming' | 'windowed-interval' | 'windowed-debounce' | 'managed-runtime';
  capabilities: {
    streaming: boolean;
    translation: boolean;
    diarization: boolean;
    tokenEvents: boolean;
    prefersTokenEvents: boolean;
    fileTranscription: boolean;
  };
}

export interface ProviderView {
  metadata: ProviderMetadata;
  fields: FieldDescriptor[];
  values: Record<string, unknown>;
  secretsSet: string[];
  problems: string[];
  ready: boolean;
}

export interface ProviderCheck {
  ok: boolean;
  message: string;
}

export interface ServiceInfo {
  version: string;
  port: number;
  baseUrl: string;
  apiBaseUrl: string;
  dataDirectory: string;
}

export interface ApiState {
  enabled: boolean;
  hasToken: boolean;
}

export interface RuntimeReport {
  binary: { path: string; managed: boolean; state: 'missing' | 'ready' | 'unusable'; problem: string | null };
  model: {
    path: string | null;
    state: 'not_set' | 'missing' | 'ready' | 'unusable';
    bytes: number | null;
  };
  installedModels: string[];
  officialModels: Array<{ name: string; bytes: number }>;
  runtime: {
    state:
      'unprepared' | 'prepared' | 'starting' | 'running' | 'restarting' | 'stopping' | 'stopped' | 'failed';
    baseUrl: string | null;
    pid: number | null;
    failure: string | null;
    /** Started from this page and kept running until stopped here. */
    held: boolean;
  };
  task: {
    kind: 'build' | 'download-model' | null;
    state: 'running' | 'succeeded' | 'failed' | null;
    progress: number | null;
    message: string | null;
  };
  log: string[];
}
