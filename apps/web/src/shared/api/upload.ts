/**
 * Sends a file as the request body with the session's headers, reporting how much has been sent, so a
 * large upload (a CSV import) shows a real progress bar. fetch cannot report upload progress; XHR can.
 * Failures become the same ApiError the client raises (a 401 or 503 reaches the session the same way).
 */
import { ApiError } from './api-error.ts';
import { buildUrl, copyStatusIntoData, type QueryParams, requestFailure, sessionHeaders } from './client.ts';

export async function uploadWithProgress<T>(
  path: string,
  file: Blob,
  options: { query?: QueryParams; contentType: string; onProgress: (fraction: number) => void },
): Promise<T> {
  const { headers, sentToken } = await sessionHeaders();
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new ApiError(0, null));
  });
  xhr.open('POST', buildUrl(path, options.query));
  xhr.withCredentials = true;
  for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
  xhr.setRequestHeader('Content-Type', options.contentType);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(file);
  const { status, body } = await done;
  if (status < 200 || status >= 300)
    throw await requestFailure({ response: new Response(body || null, { status }), sentToken });
  options.onProgress(1);
  const answer: unknown = JSON.parse(body);
  if (status === 207) copyStatusIntoData(answer, status);
  return answer as T;
}
