/**
 * Building blocks for provider config schemas, so every provider names and checks the shared
 * fields the same way. Messages are written for a person filling in the settings form; each field's
 * `title` is its label on that form and its `description` the help under it (JSON Schema's own words).
 */
import { z } from 'zod';

const credentialNote = 'Kept in a file only you can read, and never shown again once saved.';

/**
 * A credential; stored user-only and masked on output. `field` is the setting's name (messages
 * name it, as the CLI sets it), `label` what the settings form calls it, `where` where to find it.
 */
export function secretField(field: string, label: string, where: string) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .meta({ title: label, description: `${where} ${credentialNote}` });
}

/** An address that replaces one of the vendor's base URLs; `field` is the setting's name. */
export function vendorAddressField(field: string) {
  return z.url({ protocol: /^(https?|wss?)$/, error: `${field} must be an http(s) or ws(s) URL` }).optional();
}

/** Replaces the vendor's base URL (tests, corporate proxies, self-hosted gateways). */
export const endpointField = vendorAddressField('endpoint').meta({
  title: 'Custom address',
  description:
    "Replaces the vendor's base URL (a test server, a corporate proxy or a self-hosted gateway); leave empty for the vendor's own.",
});

/** A local server's address, e.g. http://127.0.0.1:8000. */
export function baseUrlField(defaultUrl?: string) {
  const url = z.url({
    protocol: /^https?$/,
    error: 'baseUrl must be an http(s) URL such as http://127.0.0.1:8000',
  });
  const meta = {
    title: 'Server address',
    description: "The server's address, such as http://127.0.0.1:8000.",
  };
  return defaultUrl === undefined ? url.meta(meta) : url.default(defaultUrl).meta(meta);
}

const languageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'each language hint is a two-letter ISO 639-1 code, such as en or zh');

/** Most likely first; empty means detect. */
export function languageHintsField(maximum?: number) {
  const list = z.array(languageCode);
  return (maximum === undefined ? list : list.max(maximum, `at most ${maximum} language hints are allowed`))
    .default([])
    .meta({
      title: 'Languages',
      description: `Two-letter ISO 639-1 codes such as en, zh, most likely first${maximum === undefined ? '' : ` (at most ${maximum})`}; empty lets the provider detect the language.`,
    });
}

export function modelField<const Choices extends readonly [string, ...string[]]>(
  choices: Choices,
  defaultModel: Choices[number],
) {
  return z
    .enum(choices, { error: `model must be one of ${choices.join(', ')}` })
    .default(defaultModel)
    .meta({ title: 'Model', description: 'The speech-recognition model the provider runs.' });
}

/**
 * The spec's diarization switch (P01's name), off by default; `where` says what it covers when
 * the vendor diarizes only some audio, such as "Files only: …".
 */
export function speakerDiarizationField(where = '') {
  return z
    .boolean({ error: 'enableSpeakerDiarization must be true or false' })
    .default(false)
    .meta({
      title: 'Tell speakers apart',
      description: `${where}Marks who is speaking (speaker 1, speaker 2…) in the transcript.`,
    });
}
