/** A vendor's text frame as JSON; a binary or non-JSON frame is a protocol error the socket reports. */
export function messageJson(data: Buffer, isBinary: boolean, vendor: string): Record<string, unknown> {
  if (isBinary) throw new Error(`${vendor} sent a binary frame where JSON was expected`);
  const parsed: unknown = JSON.parse(data.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${vendor} sent JSON that is not an object`);
  }
  return parsed as Record<string, unknown>;
}
