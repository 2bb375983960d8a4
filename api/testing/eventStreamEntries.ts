/** One event of a Server-Sent Events stream as its fields, or a comment line as `{comment}`. */
export interface StreamEntry {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Reads entries from an event stream's body until `count` have come or it ends. */
export async function readStreamEntries(response: Response, count: number): Promise<StreamEntry[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const entries: StreamEntry[] = [];
  let text = '';
  while (entries.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) !== -1) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const entry: StreamEntry = {};
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(': ');
        const value = rest.join(': ');
        if (field === '') entry.comment = value;
        else entry[field as 'id' | 'event' | 'data'] = value;
      }
      entries.push(entry);
    }
  }
  reader.releaseLock();
  return entries;
}
