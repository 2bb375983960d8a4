/**
 * What the control channel answers on the settings pages. ui/ takes only types from api/: the
 * provider views come from api/control/providerView.ts; the rest mirror api/apiAccessControl.ts
 * and api/control/runtimeControl.ts.
 */

export type { FieldDescriptor, ProviderView } from '../../api/control/providerView.ts';
export type { ProviderMetadata } from '../../providers/contract.ts';

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
  suggestedModel: string;
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
