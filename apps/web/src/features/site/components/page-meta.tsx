import { useEffect } from 'react';
import { useServerHead } from '../../../lib/ssr/server-head';

export interface PageMetaProps {
  title: string;
  description: string;
  /** The route, e.g. '/about'; canonical and og:url are built from it. */
  path: string;
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string): () => void {
  let element = document.head.querySelector<HTMLElement>(selector);
  const created = !element;
  if (!element) {
    element = create();
    document.head.append(element);
  }
  const previous = element.getAttribute(attribute);
  element.setAttribute(attribute, value);
  const target = element;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute(attribute, previous);
  };
}

const meta = (key: 'name' | 'property', name: string) => () => {
  const element = document.createElement('meta');
  element.setAttribute(key, name);
  return element;
};

/**
 * Per-page title, description, canonical link and Open Graph tags. Written into <head> directly (not
 * rendered in the tree), so leaving the page restores the defaults. The build's server render
 * collects them instead (app/ssr/server-head.ts) and writes the same tags into the page's HTML.
 */
export function PageMeta({ title, description, path }: PageMetaProps) {
  useServerHead({ title, description, path });
  useEffect(() => {
    const origin = window.location.origin;
    const url = `${origin}${path}`;
    const previousTitle = document.title;
    document.title = title;
    const restore = [
      upsert('meta[name="description"]', meta('name', 'description'), 'content', description),
      upsert('meta[property="og:title"]', meta('property', 'og:title'), 'content', title),
      upsert('meta[property="og:description"]', meta('property', 'og:description'), 'content', description),
      upsert('meta[property="og:type"]', meta('property', 'og:type'), 'content', 'website'),
      upsert('meta[property="og:url"]', meta('property', 'og:url'), 'content', url),
      upsert('meta[property="og:image"]', meta('property', 'og:image'), 'content', `${origin}/og-image.jpg`),
      upsert('meta[name="twitter:card"]', meta('name', 'twitter:card'), 'content', 'summary_large_image'),
      upsert(
        'link[rel="canonical"]',
        () => {
          const link = document.createElement('link');
          link.rel = 'canonical';
          return link;
        },
        'href',
        url,
      ),
    ];
    return () => {
      document.title = previousTitle;
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, path]);
  return null;
}
