import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const StoreCatalog = lazy(() => import('./store-catalog').then((m) => ({ default: m.StoreCatalog })));

/**
 * The Store catalog, loaded only once its tab is shown: the prerendered public Products page keeps
 * its small first load (the catalog needs the API client and TanStack Query).
 */
export function LazyStoreCatalog() {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={anchor}>
      {visible && (
        <Suspense fallback={<p className="text-body-secondary mt-3">Loading the store…</p>}>
          <StoreCatalog />
        </Suspense>
      )}
    </div>
  );
}
