import type { FieldDescriptor, ProviderView } from './settingsTypes.ts';

/** What a form input holds: text for most fields, a tick for booleans. Secrets start empty. */
export type FieldDraft = string | boolean;
export type FieldValue = string | number | boolean | string[];

/** The inputs' starting contents for a provider's stored values (secrets are never sent, so never shown); an AI provider's too. */
export function draftsOf(provider: Pick<ProviderView, 'fields' | 'values'>): Record<string, FieldDraft> {
  const drafts: Record<string, FieldDraft> = {};
  for (const field of provider.fields) drafts[field.name] = draftOf(field, provider.values[field.name]);
  return drafts;
}

function draftOf(field: FieldDescriptor, stored: unknown): FieldDraft {
  if (field.kind === 'boolean') return typeof stored === 'boolean' ? stored : field.defaultValue === true;
  if (field.kind === 'secret' || stored === undefined || stored === null) return '';
  return valueText(stored);
}

/** A stored or default value as a person would type it: lists comma-separated. */
export function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * The `values` of a save: only the fields the user changed, typed for the service. An emptied
 * input removes the stored value; a secret is sent only when something was typed into it.
 * Text that is not a number goes as typed so the service's message says what is wrong with it.
 */
export function changedValues(
  fields: FieldDescriptor[],
  initial: Record<string, FieldDraft>,
  drafts: Record<string, FieldDraft>,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    const draft = drafts[field.name];
    if (draft === undefined || draft === initial[field.name]) continue;
    if (field.kind === 'secret' && draft === '') continue;
    values[field.name] = typedValue(field, draft);
  }
  return values;
}

function typedValue(field: FieldDescriptor, draft: FieldDraft): FieldValue {
  if (typeof draft === 'boolean') return draft;
  const text = field.kind === 'secret' ? draft : draft.trim();
  if (text === '') return '';
  if (field.kind === 'number' || field.kind === 'integer') {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (field.kind === 'list') {
    return text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
  return text;
}
