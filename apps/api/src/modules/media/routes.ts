import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.js';

/**
 * apps/api/media: build outputs the site offers for download (the Key Manager Java library with its
 * sources jar, javadoc jar and POM, written by `npm run build:java`; the TypeScript SDK's npm tarball,
 * written by `npm run build:sdk`). The same relative path works from src/ (tests) and dist/
 * (production).
 */
export const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('../../../media/', import.meta.url));

// Only plain names with a known extension: no separators, no dot-dot, so a request can never leave
// the media folder.
const MEDIA_FILE = /^[a-z0-9][a-z0-9._-]{0,99}\.(jar|pom|tgz)$/;
const CONTENT_TYPES: Record<string, string> = {
  jar: 'application/java-archive',
  pom: 'application/xml',
  tgz: 'application/gzip',
};

/**
 * Public downloads under /media (docs/product-contract.md §Calls: "the jar is downloaded by GET from the
 * API host's media area").
 */
export const mediaRoutes =
  (dir: string = DEFAULT_MEDIA_DIR): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/media/:file',
      {
        // Files to save, not pages (decision 038).
        config: { replyKind: 'download' },
        schema: {
          tags: ['media'],
          summary:
            'Download a published library: /media/key-manager.jar (with -sources.jar, -javadoc.jar, .pom) or /media/northwind-key-manager.tgz',
          params: z.object({ file: z.string().max(120) }),
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        const extension = MEDIA_FILE.exec(file)?.[1];
        if (!extension || file.includes('..')) throw notFound('File not found');
        const fullPath = path.join(dir, file);
        const stats = await stat(fullPath).catch(() => null);
        if (!stats?.isFile()) throw notFound('File not found');
        return reply
          .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .header('Content-Length', String(stats.size))
          .header('Content-Disposition', `attachment; filename="${file}"`)
          .header('Cache-Control', 'public, max-age=300')
          .header('Last-Modified', stats.mtime.toUTCString())
          .send(createReadStream(fullPath));
      },
    );
  };
