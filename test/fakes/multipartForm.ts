import type { RecordedRequest } from './fakeHttpServer.ts';

/** Parses a recorded `multipart/form-data` request body the way the vendor's server would. */
export async function readMultipartForm(request: RecordedRequest): Promise<FormData> {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new Error(`not multipart: ${contentType}`);
  return new Response(request.body, { headers: { 'content-type': contentType } }).formData();
}

/** The bytes of a file field, or undefined when the field is missing or not a file. */
export async function formFileBytes(form: FormData, field: string): Promise<Buffer | undefined> {
  const value = form.get(field);
  return value instanceof Blob ? Buffer.from(await value.arrayBuffer()) : undefined;
}
