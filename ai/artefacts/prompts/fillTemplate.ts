import { GenerationError } from '../../generationErrors.ts';

const placeholder = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * A template with its `{{name}}` placeholders filled. A placeholder the template may not use is an
 * error that names it, so a mistyped override is caught before any model is asked.
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  templateName: string,
): string {
  for (const [, name = ''] of template.matchAll(placeholder)) {
    if (!Object.hasOwn(values, name)) {
      const known = Object.keys(values).map((key) => `{{${key}}}`);
      throw new GenerationError(
        `The prompt template for ${templateName} uses {{${name}}}, which it cannot: ` +
          (known.length === 0 ? 'it takes no placeholders.' : `it may use ${known.join(', ')}.`),
      );
    }
  }
  return template.replace(placeholder, (_, name: string) => values[name] ?? '');
}
