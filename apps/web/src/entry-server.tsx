import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers/app-providers';
import { type ServerHead, ServerHeadContext } from './lib/ssr/server-head';
import { APP_ROUTES } from './routes';

export interface RenderedPage {
  /** The markup of #root, for the browser to hydrate. */
  html: string;
  /** What the page put in <head> (PageMeta, useDocumentTitle). */
  head: ServerHead;
}

/**
 * Renders one route as a signed-out visitor sees it, with React's own server renderer (decision 027):
 * the build writes the result into the page's HTML (apps/web/prerender.ts) and the browser hydrates
 * it (main.tsx). The same tree as main.tsx, with the static router in place of the browser's; brand
 * and origin come out as the server's __TOKENS__. Waits for every Suspense boundary (lazy routes and
 * components), so the HTML holds the whole page; data from the API is left to the browser.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(APP_ROUTES);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender ${url}: the route answered ${context.status}`);
  const errors = Object.values(context.errors ?? {});
  if (errors.length > 0) throw new Error(`prerender ${url}: ${String(errors[0])}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: ServerHead = {};
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <ServerHeadContext.Provider value={head}>
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>
    </ServerHeadContext.Provider>,
    {
      onError: (error) => void failures.push(error),
      // Never outline a large Suspense boundary into a later chunk: that is revealed by an inline
      // script, which the server's CSP (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  // A page that threw would be shipped as a client-rendered gap; fail the build instead.
  if (failures.length > 0) throw new Error(`prerender ${url}: ${String(failures[0])}`);
  return { html, head };
}
