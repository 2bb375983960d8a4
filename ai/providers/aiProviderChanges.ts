import type { z } from 'zod';
import type { StoredAiSettings } from '../../store/aiProviderSettings.ts';
import { aiProviderFieldSchemas } from './aiProviderConfig.ts';
import {
  aiProviderKindFacts,
  aiProviderKinds,
  isAiProviderKind,
  type AiProviderKind,
} from './aiProviderKinds.ts';
import { AiSettingsError } from './aiSettingsError.ts';
import { newKeyDestination } from './keyDestination.ts';

/**
 * Adding, changing and removing AI providers, as pure changes of the stored settings: the caller
 * reads them (store/aiProviderSettings.ts), applies one of these and writes the result, so the CLI
 * and the control routes follow the same rules.
 */

export interface AiProviderChange {
  /** The provider's name; a new name adds a provider. */
  name: string;
  /** Needed to add a provider; for an existing one it must be the kind it has. */
  kind?: AiProviderKind;
  /**
   * Fields to set. Text is read as the field wants it (text, a number, true/false), other values
   * are checked as they are; empty text removes a field, and a field left out stays as it is.
   */
  values: ReadonlyArray<readonly [field: string, value: unknown]>;
  /** Make it the provider used when nothing else is chosen. */
  makeDefault?: boolean;
  /** Whether the one who asked has seen that the key will now go to `destination`. */
  confirms?: (destination: string) => boolean;
}

const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Applies `change`: each value is checked against its field's schema, and if any is wrong nothing
 * changes. The settings may still be incomplete (a key is often set after the model): that is
 * reported by checkAiProviderConfig, not refused here. The first provider added becomes the default.
 * Throws AiSettingsError.
 */
export function setAiProviderFields(settings: StoredAiSettings, change: AiProviderChange): StoredAiSettings {
  const { name } = change;
  if (!namePattern.test(name)) {
    throw new AiSettingsError(
      'invalid_name',
      `"${name}" cannot name an AI provider: use up to 64 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
    );
  }
  const before = settings.providers?.[name] ?? {};
  const kind = kindOf(name, before, change.kind);
  const fields = aiProviderFieldSchemas[kind];
  const after: Record<string, unknown> = { ...before, kind };
  const errors: Record<string, string> = {};
  for (const [field, input] of change.values) {
    const schema = fields[field];
    if (field === 'kind') {
      errors[field] = 'the kind is chosen when the provider is added; add another provider for another kind';
    } else if (schema === undefined) {
      errors[field] =
        `not a setting of ${aiProviderKindFacts[kind].name} providers; their settings are ${Object.keys(fields).join(', ')}`;
    } else if (input === '') {
      delete after[field];
    } else {
      const value = readValue(schema, input);
      if (value.ok) after[field] = value.value;
      else errors[field] = value.message;
    }
  }
  if (Object.keys(errors).length > 0) {
    const lines = Object.entries(errors).map(([field, message]) =>
      message.startsWith(field) ? message : `${field}: ${message}`,
    );
    throw new AiSettingsError('invalid_fields', `Nothing was saved:\n  ${lines.join('\n  ')}`, {
      fields: errors,
    });
  }
  const destination = newKeyDestination(before, after);
  if (destination !== undefined && change.confirms?.(destination) !== true) {
    throw new AiSettingsError(
      'unconfirmed_destination',
      `The ${name} API key would be sent to ${destination}. Confirm to save.`,
      { destination },
    );
  }
  const isFirst = settings.defaultAiProvider === undefined;
  return {
    ...settings,
    providers: { ...settings.providers, [name]: after },
    defaultAiProvider: change.makeDefault === true || isFirst ? name : settings.defaultAiProvider,
  };
}

/**
 * Removes a provider, and every choice that named it. Removing the default leaves no default rather
 * than picking another: that one might send transcripts to a vendor the user did not choose for them.
 */
export function removeAiProvider(settings: StoredAiSettings, name: string): StoredAiSettings {
  if (settings.providers?.[name] === undefined) throw notFound(settings, name);
  const providers = Object.fromEntries(
    Object.entries(settings.providers).filter(([candidate]) => candidate !== name),
  );
  const topicAiProviders = Object.fromEntries(
    Object.entries(settings.topicAiProviders ?? {}).filter(([, chosen]) => chosen !== name),
  );
  return {
    providers,
    defaultAiProvider: settings.defaultAiProvider === name ? undefined : settings.defaultAiProvider,
    topicAiProviders,
  };
}

/** The refusal for a name no provider has, listing those there are. */
export function notFound(settings: StoredAiSettings, name: string): AiSettingsError {
  const names = Object.keys(settings.providers ?? {});
  return new AiSettingsError(
    'not_found',
    names.length === 0
      ? `There is no AI provider "${name}": none is set up yet. Add one with: earshot ai set KIND model=… (KIND: ${aiProviderKinds.join(', ')})`
      : `There is no AI provider "${name}". The AI providers are: ${names.join(', ')}.`,
  );
}

function kindOf(
  name: string,
  before: Record<string, unknown>,
  asked: AiProviderKind | undefined,
): AiProviderKind {
  const stored = before.kind;
  if (isAiProviderKind(stored)) {
    if (asked !== undefined && asked !== stored) {
      throw new AiSettingsError(
        'invalid_name',
        `The AI provider "${name}" is of kind ${stored}. Give the ${asked} one another name, or remove "${name}" first.`,
      );
    }
    return stored;
  }
  if (asked === undefined) {
    throw new AiSettingsError(
      'invalid_fields',
      `Say which kind of AI provider "${name}" is: ${aiProviderKinds.join(', ')}.`,
      { fields: { kind: `one of ${aiProviderKinds.join(', ')}` } },
    );
  }
  return asked;
}

type FieldValue = { ok: true; value: unknown } | { ok: false; message: string };

/** Text as it is, or as JSON (a number, true/false): whichever the field takes. */
function readValue(schema: z.ZodType, input: unknown): FieldValue {
  const candidates = typeof input === 'string' ? [input, parseJson(input)] : [input];
  let message = 'not a valid value';
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { ok: true, value: candidate };
    message = parsed.error.issues[0]?.message ?? message;
  }
  return { ok: false, message };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
