/**
 * Why a change to the AI settings was refused; nothing was saved. `reason` is for programs (the
 * control routes answer a code from it), the message for people.
 */
export type AiSettingsRefusal =
  /** Some values were wrong; `fields` says why, field by field. */
  | 'invalid_fields'
  /** No provider has that name. */
  | 'not_found'
  /** The name is not one a provider can have, or is taken by a provider of another kind. */
  | 'invalid_name'
  /** A stored key would go to a place it did not go before, and the change did not confirm it. */
  | 'unconfirmed_destination';

export class AiSettingsError extends Error {
  readonly reason: AiSettingsRefusal;
  readonly fields: Record<string, string>;
  /** For `unconfirmed_destination`: the place (scheme://host[:port]) to confirm. */
  readonly destination: string | undefined;

  constructor(
    reason: AiSettingsRefusal,
    message: string,
    details: { fields?: Record<string, string>; destination?: string } = {},
  ) {
    super(message);
    this.name = 'AiSettingsError';
    this.reason = reason;
    this.fields = details.fields ?? {};
    this.destination = details.destination;
  }
}
