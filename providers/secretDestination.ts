import { z } from 'zod';
import type { ProviderDefinition } from './contract.ts';

/**
 * Where a provider's stored key is sent is as much part of the key's safety as the key itself:
 * moving `endpoint` (or `baseUrl`) to another host and pressing Test would hand the key to that
 * host. So a settings change that sends a key to a host it did not go to before must name that
 * host: the one who changes it has seen where the key goes. Pure, so both the control channel and
 * `earshot providers set` apply the same rule.
 */

/** scheme://host[:port], the place a key goes: ws(s) counts as http(s), a default port is left out. */
export function destinationOf(url: string): string {
  try {
    const parsed = new URL(url.trim());
    const scheme = { 'ws:': 'http:', 'wss:': 'https:' }[parsed.protocol] ?? parsed.protocol;
    return `${scheme}//${parsed.host}`;
  } catch {
    // A value no URL parser reads is compared as written; the field's own schema refuses it anyway.
    return url.trim();
  }
}

/**
 * A provider's URL fields (every field its schema reads as a URL: `endpoint`, `baseUrl`) with the
 * address each stands for when unset: its default, else the vendor's base URL.
 */
export function urlFields(
  definition: ProviderDefinition<unknown>,
): Array<{ name: string; unsetUrl?: string }> {
  const schema = z.toJSONSchema(definition.configSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { format?: string; default?: unknown }>;
  };
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.format === 'uri')
    .map(([name, property]) => {
      const unsetUrl =
        typeof property.default === 'string' ? property.default : definition.metadata.defaultBaseUrl;
      return unsetUrl === undefined ? { name } : { name, unsetUrl };
    });
}

/** Every place a configuration sends requests to, and so its key. */
function destinations(definition: ProviderDefinition<unknown>, config: Record<string, unknown>): string[] {
  return urlFields(definition).flatMap(({ name, unsetUrl }) => {
    const value = config[name];
    const url = typeof value === 'string' && value.trim() !== '' ? value : unsetUrl;
    return url === undefined ? [] : [destinationOf(url)];
  });
}

function holdsSecret(definition: ProviderDefinition<unknown>, config: Record<string, unknown>): boolean {
  return definition.metadata.secretFields.some((field) => {
    const value = config[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/**
 * The place that changing a provider's configuration from `before` to `after` would send a key to
 * for the first time, which the change must confirm; undefined when it needs no confirmation. A
 * change that moves two addresses at once (P07's REST and streaming addresses) names both places
 * in one text ("A and B"), confirmed as one: confirming only the first would let the second pass
 * unseen.
 * Known places are the provider's own defaults and, if `before` held a key, where that key went.
 * A place set while no key was stored is not known: a key saved later must still confirm it, or
 * a host planted ahead of the key would get it unseen. Nothing needs confirming for a
 * configuration that holds no key (P13, P14, a P12 without one).
 */
export function newSecretDestination(
  definition: ProviderDefinition<unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string | undefined {
  if (!holdsSecret(definition, after)) return undefined;
  const known = new Set(destinations(definition, {}));
  if (holdsSecret(definition, before)) for (const place of destinations(definition, before)) known.add(place);
  const places = new Set(destinations(definition, after).filter((place) => !known.has(place)));
  return places.size === 0 ? undefined : [...places].join(' and ');
}
