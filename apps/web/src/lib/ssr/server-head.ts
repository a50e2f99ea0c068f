import { createContext, useContext } from 'react';

/**
 * What a page puts in <head>, collected while the build renders it on the server
 * (src/entry-server.tsx). In the browser there is no collector: PageMeta and useDocumentTitle write
 * <head> in effects instead, which never run on the server.
 */
export interface ServerHead {
  title?: string;
  description?: string;
  /** The page's route, e.g. '/about'; canonical and og:url are built from it. */
  path?: string;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);

/** Records the page's head while rendering on the server; does nothing in the browser. */
export function useServerHead(head: ServerHead): void {
  const collector = useContext(ServerHeadContext);
  if (collector) Object.assign(collector, head);
}
