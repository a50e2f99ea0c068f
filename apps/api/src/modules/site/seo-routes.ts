import { PUBLIC_PAGES } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';

/** sitemap.xml and robots.txt, built from PUBLIC_URL so one build serves any host. */
export const seoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const base = publicUrl(deps.config).replace(/\/$/, '');
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((page) => `  <url><loc>${base}${page}</loc><changefreq>monthly</changefreq></url>`),
      '</urlset>',
      '',
    ].join('\n');
    // Signed-in and admin screens are useless to crawlers; the API is not for them either.
    const robots = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /company/',
      'Disallow: /profile',
      'Disallow: /newsletter/',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(sitemap),
    );
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
    );
  };
