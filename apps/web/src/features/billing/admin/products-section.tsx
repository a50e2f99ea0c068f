import { ProductsPanel } from './products-panel';
import { SaasProductsPanel } from './saas-products-panel';

/**
 * Admin section 'Products' (docs/product-contract.md §Screens, Admin panel): SaaS products and plans,
 * and downloadable products.
 */
export function AdminProductsSection() {
  return (
    <section aria-labelledby="admin-products-title">
      <h2 id="admin-products-title" className="h4 mb-3">
        Products
      </h2>
      <SaasProductsPanel />
      <ProductsPanel />
    </section>
  );
}
