import { aiProviderKindFacts, isAiProviderKind } from './aiProviderKinds.ts';
import { openAiCompatiblePresets, presetNamed } from './openAiCompatiblePresets.ts';

/**
 * Where a stored key is sent matters as much as the key: moving `baseUrl` to another host and
 * pressing Test would hand the key to that host. So, as for the speech providers, a change that
 * would send a key to a place it did not go to before must name that place. Known places are the
 * kind's own vendor, the presets' servers, and wherever the key already went.
 */

/** scheme://host[:port]: the place a key goes. */
export function destinationOf(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    // A value no URL parser reads is compared as written; the schema refuses it anyway.
    return url.trim();
  }
}

function holdsKey(stored: Record<string, unknown>): boolean {
  return typeof stored.apiKey === 'string' && stored.apiKey.trim() !== '';
}

/** The address requests go to: the user's baseUrl, else the preset's, else the vendor's. */
function addressOf(stored: Record<string, unknown>): string | undefined {
  if (typeof stored.baseUrl === 'string' && stored.baseUrl.trim() !== '') return stored.baseUrl;
  const preset = presetNamed(stored.preset);
  if (preset !== undefined) return preset.baseUrl;
  return isAiProviderKind(stored.kind) ? aiProviderKindFacts[stored.kind].defaultBaseUrl : undefined;
}

const wellKnownPlaces = new Set(
  [
    ...Object.values(aiProviderKindFacts).map((facts) => facts.defaultBaseUrl),
    ...Object.values(openAiCompatiblePresets).map((preset) => preset.baseUrl),
  ]
    .filter((url) => url !== undefined)
    .map(destinationOf),
);

/**
 * The place that changing a provider's settings from `before` to `after` would send its key to for
 * the first time, which the change must confirm; undefined when there is none. A place set while no
 * key was stored is not known: a key saved later must still confirm it, or a host planted ahead of
 * the key would get it unseen.
 */
export function newKeyDestination(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string | undefined {
  if (!holdsKey(after)) return undefined;
  const address = addressOf(after);
  if (address === undefined) return undefined;
  const place = destinationOf(address);
  if (wellKnownPlaces.has(place)) return undefined;
  const previousAddress = addressOf(before);
  const wentThereBefore =
    holdsKey(before) && previousAddress !== undefined && destinationOf(previousAddress) === place;
  return wentThereBefore ? undefined : place;
}
