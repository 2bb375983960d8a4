import { ControlRequestError, controlUrl } from '../connection/control.ts';
import { pageKeyHeaders } from '../connection/pageKey.ts';

/** An upload in flight: its answer, and a way to abort it. */
export interface Upload {
  /** `upload` is the id `POST /transcriptions` takes. */
  done: Promise<{ upload: string; bytes: number }>;
  abort: () => void;
}

/**
 * Sends a file as the raw body of `POST /control/v1/uploads?name=…` with XMLHttpRequest, whose
 * upload events give real progress (fetch has none for request bodies). Being same-origin, it carries
 * the session cookie; with the page key, it proves this browser signed in.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Upload {
  const request = new XMLHttpRequest();
  const done = new Promise<{ upload: string; bytes: number }>((resolve, reject) => {
    request.open('POST', controlUrl(`/uploads?name=${encodeURIComponent(file.name)}`));
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    for (const [name, value] of Object.entries(pageKeyHeaders())) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as {
        upload?: string;
        bytes?: number;
        error?: string;
        code?: string;
      } | null;
      if (request.status >= 200 && request.status < 300 && typeof answer?.upload === 'string') {
        resolve({ upload: answer.upload, bytes: answer.bytes ?? file.size });
      } else {
        reject(
          new ControlRequestError(
            request.status,
            answer?.code ?? 'upload_failed',
            answer?.error ?? `The service answered ${request.status} to the upload.`,
          ),
        );
      }
    };
    request.onerror = () =>
      reject(
        new ControlRequestError(
          0,
          'unreachable',
          'The upload could not reach the Earshot service. Check that it is running, then add the file again.',
        ),
      );
    request.onabort = () => reject(new ControlRequestError(0, 'aborted', 'The upload was cancelled.'));
    request.send(file);
  });
  return { done, abort: () => request.abort() };
}
