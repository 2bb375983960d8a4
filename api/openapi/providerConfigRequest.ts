import { z } from 'zod';

/**
 * The body of `PUT /control/v1/providers/{id}/config` for the document. The handler parses with a
 * schema of its own in control/providerControl.ts that it does not share; this one states the same
 * rules, and the private-route tests send its example to the handler.
 */
export const providerConfigRequestSchema = z
  .object({
    values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).meta({
      description:
        'The fields to change, by name; "" removes a field, a field left out stays as it is. ' +
        'GET /control/v1/providers/{id} lists the fields of the form.',
    }),
    confirmSecretDestination: z.string().optional().meta({
      description:
        'The host a stored key will be sent to from now on, as a 409 confirmation_required named it',
    }),
  })
  .strict();
