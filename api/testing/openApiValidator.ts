import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

const documentId = 'https://earshot.invalid/openapi.json';

/**
 * The schemas of an OpenAPI document, compiled by Ajv in strict mode, so an unknown keyword inside
 * any of them fails as surely as an answer that does not match. `schemaAt('paths', path, 'get', …)`
 * compiles the schema at that place in the document, `$ref`s resolved against the whole of it.
 */
export function openApiValidator(
  document: Record<string, unknown>,
): (...parts: string[]) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // The document's own top-level fields are not schema keywords; declaring them keeps strict mode
  // for the schemas inside.
  ajv.addVocabulary(Object.keys(document).filter((key) => !key.startsWith('$')));
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  });
  ajv.addSchema({ ...document, $id: documentId });
  return (...parts) => {
    const pointer = parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    const validate = ajv.getSchema(`${documentId}#/${pointer}`);
    if (validate === undefined) throw new Error(`the document has no schema at ${parts.join(' → ')}`);
    return validate;
  };
}
