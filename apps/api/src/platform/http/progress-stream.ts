import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { asAppError, failureBody } from './error-handler.js';
import type { AppError } from './errors.js';

/** Newline-delimited JSON: one JSON value per line. */
export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';

/** The caller asked for the reply as progress lines (`Accept: application/x-ndjson`). */
export const wantsProgress = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').toLowerCase().includes(NDJSON_MEDIA_TYPE);

/** Tells the stream how far the work is: one line each time (callers report per chunk, not per row). */
export type ProgressReporter<P extends object> = (progress: P) => void;

/**
 * Answers a long call as NDJSON (issue 26, bulk keys): the 200 and its headers go at once, then
 * `{"type":"progress",…}` lines while `work` runs, then one `{"type":"done","httpStatus":…,"body":…}`
 * line with exactly what the call would have answered without progress — its reply, or its failure's
 * status and envelope (a failure after the 200 cannot change the status line any more). The work is
 * the same either way (its transaction too): only how the reply travels differs. A reader who goes
 * away does not stop the work, as with a plain reply.
 */
export function streamProgress<P extends object, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (report: ProgressReporter<P>) => Promise<R>,
): FastifyReply {
  const stream = new PassThrough();
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  // A reader who left has its stream destroyed: the work goes on, and nothing more is written.
  const report: ProgressReporter<P> = (progress) => {
    if (!stream.destroyed) stream.write(line({ type: 'progress', ...progress }));
  };
  const finish = (httpStatus: number, body: unknown) => {
    if (!stream.destroyed) stream.end(line({ type: 'done', httpStatus, body }));
  };
  work(report).then(
    (result) => finish(200, result),
    (error: FastifyError | AppError) => {
      const failure = asAppError(error, request);
      reply.failureCode = failure.code;
      finish(failure.statusCode, failureBody(failure));
    },
  );
  return reply
    .type(`${NDJSON_MEDIA_TYPE}; charset=utf-8`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Accel-Buffering', 'no')
    .send(stream);
}
