import { controlUrl, ControlRequestError } from '../connection/control.ts';
import { pageKeyHeaders } from '../connection/pageKey.ts';

export const exportFormats = [
  { format: 'txt', label: 'Plain text (.txt)' },
  { format: 'md', label: 'Markdown (.md)' },
  { format: 'srt', label: 'Subtitles, SubRip (.srt)' },
  { format: 'vtt', label: 'Subtitles, WebVTT (.vtt)' },
  { format: 'json', label: 'JSON (.json)' },
] as const;

export type ExportFormat = (typeof exportFormats)[number]['format'];

/**
 * Downloads a session's transcript in `format`: fetched (with the session cookie and the page key,
 * like every control request), so a refusal is shown in the page rather than as a download of an
 * error, and handed to the browser as a file under the service's name.
 */
export async function downloadExport(sessionId: string, format: ExportFormat): Promise<void> {
  const path = `/sessions/${encodeURIComponent(sessionId)}/export?format=${format}`;
  let response: Response;
  try {
    response = await fetch(controlUrl(path), { credentials: 'same-origin', headers: pageKeyHeaders() });
  } catch {
    throw new ControlRequestError(
      0,
      'unreachable',
      'The Earshot service is not answering. Check that it is running (npm start), then try again.',
    );
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => undefined)) as
      { error?: string; code?: string } | undefined;
    throw new ControlRequestError(
      response.status,
      answer?.code ?? 'failed',
      answer?.error ?? `The export failed: the service answered ${response.status}.`,
    );
  }
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? `transcript.${format}`;
  const address = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the object URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(address), 0);
}

/** The file name of a `Content-Disposition` header, preferring the UTF-8 `filename*` form. */
function fileNameOf(disposition: string | null): string | undefined {
  if (disposition === null) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain form below.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1];
}
