/**
 * What `GET /control/v1/providers` answers: each provider's facts, its settings form and its
 * readiness. Types only, so the browser UI shares them with the service.
 */
import type { ProviderMetadata } from '../../providers/contract.ts';

export type FieldKind = 'text' | 'secret' | 'url' | 'number' | 'integer' | 'boolean' | 'choice' | 'list';

/** One input of a provider's settings form, read from its config schema. */
export interface FieldDescriptor {
  name: string;
  kind: FieldKind;
  /** The configuration is incomplete without it (fields with a default never are). */
  required: boolean;
  defaultValue?: unknown;
  /** For `choice`: the values allowed, in the schema's order. */
  choices?: string[];
  /** For `number` and `integer`: the bounds of the value; for `list`: of the number of items. */
  minimum?: number;
  maximum?: number;
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
  ready: boolean;
  /** The provider used when none is chosen (P14). */
  isDefault: boolean;
}
