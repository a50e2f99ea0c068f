import { BULK_PROGRESS_MEDIA_TYPE, type BulkProgressLine, ZBulkLine } from '@app/contract';
import type { z } from 'zod';
import { failureError, refreshSession } from './api-client';
import { ApiError } from './api-error';
import { sendWithProgress } from './api-upload';

export interface ProgressRequestOptions<S extends z.ZodType> {
  /** The JSON body. */
  body: unknown;
  /** Parses the final reply (the `done` line's body); the contract schema of the call. */
  schema: S;
  /** Percent of the request sent (a large body, e.g. a CSV import), 0–100. */
  onUpload?: (percent: number) => void;
  /** Each progress line of the server's work as it arrives. */
  onProgress?: (line: BulkProgressLine) => void;
  signal?: AbortSignal;
}

/** Splits NDJSON text into its complete lines from `from` on: the values and where the next line starts. */
export function completeLines(text: string, from: number): { values: unknown[]; next: number } {
  const values: unknown[] = [];
  let at = from;
  for (let end = text.indexOf('\n', at); end >= 0; end = text.indexOf('\n', at)) {
    const line = text.slice(at, end).trim();
    if (line) values.push(JSON.parse(line));
    at = end + 1;
  }
  return { values, next: at };
}

/**
 * A long call with real progress (issue 26: bulk issue and import): the body's upload progress, then
 * the server's progress lines (`Accept: application/x-ndjson`), then the call's own reply from the
 * last line — the same reply, errors and single silent refresh on 401 as apiRequest().
 */
export async function apiProgressRequest<S extends z.ZodType>(
  path: string,
  options: ProgressRequestOptions<S>,
): Promise<z.output<S>> {
  const payload = JSON.stringify(options.body);
  const run = () => {
    let read = 0;
    return sendWithProgress(path, payload, {
      headers: { 'Content-Type': 'application/json', Accept: BULK_PROGRESS_MEDIA_TYPE },
      onProgress: options.onUpload,
      signal: options.signal,
      onText: (text) => {
        // Only a streamed reply has lines to show; a JSON refusal (400, 401) is read at the end.
        if (!text.startsWith('{"type"')) return;
        const { values, next } = completeLines(text, read);
        read = next;
        for (const value of values) {
          const line = ZBulkLine.safeParse(value);
          if (line.success && line.data.type === 'progress') options.onProgress?.(line.data);
        }
      },
    });
  };
  let reply = await run();
  if (reply.status === 401 && (await refreshSession())) {
    options.onUpload?.(0);
    reply = await run();
  }
  const { status, body } = finalAnswer(reply.status, reply.text);
  if (status < 200 || status >= 300) throw failureError(status, body);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) throw new ApiError(status, 'Unexpected reply from the server.');
  return parsed.data;
}

/** The call's real status and body: the `done` line's for a streamed reply, else the reply's own. */
function finalAnswer(status: number, text: string): { status: number; body: unknown } {
  try {
    if (status === 200 && text.startsWith('{"type"')) {
      const lines = completeLines(text.endsWith('\n') ? text : `${text}\n`, 0).values;
      const done = ZBulkLine.safeParse(lines.at(-1));
      if (done.success && done.data.type === 'done')
        return { status: done.data.httpStatus, body: done.data.body };
      return { status: 502, body: null };
    }
    return { status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: status === 200 ? 502 : status, body: null };
  }
}
