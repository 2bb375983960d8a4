import { z } from 'zod';

/** A piece of the OpenAPI document as it is served: plain JSON. */
export type JsonObject = Record<string, unknown>;

export const schemaPrefix = '#/components/schemas/';

/**
 * A zod schema as a schema object inside the document: what a request must send (`input`, where
 * defaults make fields optional) or what an answer holds (`output`). The `$schema` keyword goes,
 * since the document's `jsonSchemaDialect` already names the dialect.
 */
export function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...fragment } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return fragment;
}

/** A query's zod object schema as OpenAPI query parameters, none required, each with its description. */
export function queryParameters(schema: z.ZodType, io: 'input' | 'output'): JsonObject[] {
  const { properties } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as {
    properties: Record<string, JsonObject>;
  };
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...parameterSchema } = property;
    return { name, in: 'query', required: false, description, schema: parameterSchema };
  });
}
