/**
 * What `GET /control/v1/providers` answers: each provider's facts, its settings form and its
 * readiness. Types only, so the browser UI shares them with the service.
 */
import type { ProviderMetadata } from '../../providers/contract.ts';

export type FieldKind = 'text' | 'secret' | 'url' | 'number' | 'integer' | 'boolean' | 'choice' | 'list';

/** One input of a provider's settings form, read from its config schema. */
export interface FieldDescriptor {
  /** The setting's name, as stored and as the CLI sets it (`apiKey`). */
  name: string;
  /** What a person calls it ("API key"): the schema's title. */
  label: string;
  kind: FieldKind;
  /** The configuration is incomplete without it (fields with a default never are). */
  required: boolean;
  defaultValue?: unknown;
  /** For `choice`: the values allowed, in the schema's order. */
  choices?: string[];
  /** For `number` and `integer`: the bounds of the value; for `list`: of the number of items. */
  minimum?: number;
  maximum?: number;
  /** The help shown under the input: the schema's description. */
  description?: string;
}

export interface ProviderView {
  metadata: ProviderMetadata;
  fields: FieldDescriptor[];
  /** Stored values of the fields that are not secrets (defaults are in `fields`). */
  values: Record<string, unknown>;
  /** Secret fields that have a stored value; a secret itself is never sent. */
  secretsSet: string[];
  problems: string[];
  /** The user saved settings for it; the defaults of its fields alone (P13's server address) do not count. */
  configured: boolean;
  /**
   * Configured, with nothing missing (for P14, its runtime's binary and model too): it can be used.
   * Whether its server answers is another matter, told by a probe (see ProviderReachability).
   */
  ready: boolean;
  /** The provider used when none is chosen (P14). */
  isDefault: boolean;
  /**
   * Its server is one the user runs (P12, P13), so being configured does not make it usable: ask
   * `GET /providers/:id/reachability` whether the server answers.
   */
  runsOnUserServer: boolean;
}

/**
 * What `GET /providers/:id/reachability` answers: whether the configured server accepted a
 * connection (one TCP connection, at most 2 s, nothing sent over it). A provider that is not
 * configured, or whose server the user does not run, is not probed.
 */
export type ProviderReachability =
  | { state: 'reachable'; address: string }
  /** `reason` is a few words for a badge ("connection refused"); `message` says what to do. */
  | { state: 'unreachable'; address: string; reason: string; message: string }
  | { state: 'unchecked'; message: string };
