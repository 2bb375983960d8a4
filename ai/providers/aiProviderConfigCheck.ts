import type { z } from 'zod';
import {
  aiProviderConfigSchemas,
  aiProviderFieldSchemas,
  type AiProviderConfig,
} from './aiProviderConfig.ts';
import { aiProviderKindFacts, aiProviderKinds, isAiProviderKind } from './aiProviderKinds.ts';

export type AiProviderConfigCheck =
  { ok: true; config: AiProviderConfig } | { ok: false; problems: string[] };

/**
 * Reads stored settings as their kind's schema wants them. Settings are saved a field at a time, so
 * an incomplete set is normal: it is told as problems, one per field, each naming the setting to
 * change, the unknown ones last.
 */
export function checkAiProviderConfig(stored: Record<string, unknown>): AiProviderConfigCheck {
  const { kind } = stored;
  if (!isAiProviderKind(kind)) {
    return { ok: false, problems: [`kind must be one of ${aiProviderKinds.join(', ')}`] };
  }
  const parsed = aiProviderConfigSchemas[kind].safeParse(stored);
  if (parsed.success) return { ok: true, config: parsed.data };
  const known = Object.keys(aiProviderFieldSchemas[kind]).join(', ');
  const toSet: string[] = [];
  const toRemove: string[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const field of issue.keys) {
        toRemove.push(
          `${field} is not a setting of ${aiProviderKindFacts[kind].name} providers; their settings are ${known}`,
        );
      }
    } else {
      toSet.push(describeIssue(issue, stored));
    }
  }
  return { ok: false, problems: [...toSet, ...toRemove] };
}

/** The schema's own message where it names its field (those are written for people), else the field first. */
function describeIssue(issue: z.core.$ZodIssue, stored: Record<string, unknown>): string {
  const field = issue.path.map(String).join('.');
  if (field === '' || issue.message.startsWith(field)) return issue.message;
  return issue.path.length === 1 && stored[field] === undefined
    ? `${field} is required`
    : `${field}: ${issue.message}`;
}
