import type { FastifyRequest } from 'fastify';
import type { StoredFileRow } from '../../db/schema/index.js';
import type { Storage, UploadRules } from '../storage/storage.js';
import { AppError, badRequest, unsupportedMediaType } from './errors.js';
import { disallowedTextError, findDisallowedText } from './input-hygiene.js';

export interface FileFieldSpec {
  rules: UploadRules;
  /** Storage purpose, which selects the download policy. */
  purpose: string;
  /** Most files accepted under this field (design files: 10). */
  maxCount: number;
}

export interface MultipartOptions {
  /** File fields by name; `match` lets patterned names (`image-1`, `media-3`) share one spec. */
  files: Record<string, FileFieldSpec>;
  match?: (fieldName: string) => string | undefined;
  ownerId: string | null;
}

export interface MultipartResult {
  /** Text fields; a repeated field keeps every value in order. */
  fields: Record<string, string | string[]>;
  files: Record<string, StoredFileRow[]>;
}

/**
 * The one way routes read multipart bodies: text fields are collected for zod validation, each
 * file streams through Storage with its field's limits. If anything is refused, files already
 * stored by this request are removed, so a failed request leaves nothing behind.
 */
export async function readMultipart(
  request: FastifyRequest,
  storage: Storage,
  options: MultipartOptions,
): Promise<MultipartResult> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send this form as multipart/form-data');
  const fields: Record<string, string | string[]> = {};
  const files: Record<string, StoredFileRow[]> = {};
  const saved: StoredFileRow[] = [];
  const parts = request.parts();
  try {
    for (;;) {
      const next = await parts.next().catch(malformedUpload);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // The same rule as every JSON field (input-hygiene.ts), for names and values.
        const disallowed = findDisallowedText({ [part.fieldname]: value });
        if (disallowed) throw disallowedTextError(disallowed);
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
        continue;
      }
      const key = options.files[part.fieldname] ? part.fieldname : options.match?.(part.fieldname);
      const spec = key ? options.files[key] : undefined;
      if (!key || !spec) {
        part.file.resume();
        throw badRequest(`This form does not take a file called "${part.fieldname}"`, part.fieldname);
      }
      const list = files[key] ?? [];
      files[key] = list;
      if (list.length >= spec.maxCount) {
        part.file.resume();
        throw badRequest(tooManyFilesMessage(spec), part.fieldname);
      }
      const row = await storage
        .save({
          stream: part.file,
          originalName: part.filename || 'file',
          ownerId: options.ownerId,
          purpose: spec.purpose,
          rules: spec.rules,
        })
        .catch((error: unknown) => {
          // Storage judges the file without knowing the form; the envelope names the field.
          if (error instanceof AppError) throw error.about(part.fieldname);
          // The file stream failed and not on our disk (system errors carry `syscall`): the body
          // ended inside this file, so the request is broken, not the server.
          const fromParser = part.file.errored && !(error instanceof Error && 'syscall' in error);
          return fromParser ? malformedUpload(error) : Promise.reject(error);
        });
      saved.push(row);
      list.push(row);
    }
  } catch (error) {
    await Promise.all(saved.map((row) => storage.remove(row)));
    throw error;
  }
  return { fields, files };
}

/**
 * The multipart parser's own failures — no boundary, a body that ends inside a part, a broken part
 * header — are the client's: 400. Its limit errors already carry their 4xx code.
 */
function malformedUpload(error: unknown): never {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) throw error;
  throw badRequest('The upload could not be read: send it again as multipart/form-data');
}

/** "Attach only one proposal", "Attach at most 10 design files". */
function tooManyFilesMessage(spec: FileFieldSpec): string {
  const name = spec.rules.label.toLowerCase();
  return spec.maxCount === 1 ? `Attach only one ${name}` : `Attach at most ${spec.maxCount} ${name}s`;
}

/** Multipart booleans arrive as text: 'true'/'1'/'on' are true. */
export function formBoolean(value: string | string[] | undefined): boolean {
  const text = Array.isArray(value) ? value.at(-1) : value;
  return text === 'true' || text === '1' || text === 'on';
}
