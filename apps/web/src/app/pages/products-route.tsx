import { LazyStoreCatalog } from '../../features/billing/components/lazy-store-catalog';
import { ProductsPage } from '../../features/site/pages/products-page';

/** /products, with billing's store catalogue (a chunk of its own). */
export function ProductsRoute() {
  return <ProductsPage storeCatalog={<LazyStoreCatalog />} />;
}
