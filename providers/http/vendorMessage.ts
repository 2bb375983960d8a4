const longestMessage = 300;

/**
 * The human part of a vendor's error body. Vendors put it in different places (`message`,
 * `error.message`, `error`, `detail`, `errors[0].message`, `err_msg`); plain text is used as is.
 */
export function vendorMessage(bodyText: string): string {
  const parsed = parseJson(bodyText);
  const found = parsed === undefined ? bodyText : findMessage(parsed);
  const message = (found ?? bodyText).trim().replace(/\s+/g, ' ');
  return message.length > longestMessage ? `${message.slice(0, longestMessage)}…` : message;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function findMessage(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value;
  if (depth > 3 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.length > 0 ? findMessage(value[0], depth + 1) : undefined;
  const record = value as Record<string, unknown>;
  for (const key of [
    'message',
    'error',
    'detail',
    'errors',
    'err_msg',
    'error_message',
    'msg',
    'description',
  ]) {
    const found = findMessage(record[key], depth + 1);
    if (found !== undefined && found !== '') return found;
  }
  return undefined;
}
