import type { ReactNode } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { PageMeta } from '../components/page-meta';
import { PageTabs } from '../components/page-tabs';

export const CRM_PATH = '/products/real-estate-crm-and-property-management-platform';

/**
 * docs/product-contract.md §Screens (Products page): tabs Web Applications (CRM card) and Store (Key
 * Manager card).
 */
export function ProductsPage({ storeCatalog }: { storeCatalog: ReactNode }) {
  return (
    <Container className="py-5">
      <PageMeta
        title="Products: real-estate CRM and Key Manager"
        description="Our ready-made products: a real-estate CRM and property management platform, and the Key Manager licence-key service."
        path="/products"
      />
      <h1>Products</h1>
      <p className="lead">Ready-made software, built with the same care as our custom projects.</p>
      <PageTabs
        label="Product categories"
        tabs={[
          {
            key: 'web',
            title: 'Web Applications',
            content: (
              <Row xs={1} md={2} className="g-4">
                <Col>
                  <div className="card h-100 shadow-sm">
                    <div className="card-body d-flex flex-column">
                      <h2 className="card-title h4">Real-estate CRM and property management</h2>
                      <p className="card-text">
                        One place for listings, agents and clients: houses, buildings and land with photos and
                        status, agents assigned to each property and a business dashboard. Early access is
                        open.
                      </p>
                      <div className="mt-auto">
                        <LinkButton to={CRM_PATH}>
                          {/* Spec wording; the hidden words make the link make sense out of context. */}
                          Learn More<span className="visually-hidden"> about the real-estate CRM</span>
                        </LinkButton>
                      </div>
                    </div>
                  </div>
                </Col>
              </Row>
            ),
          },
          {
            key: 'store',
            title: 'Store',
            content: (
              <>
                <Row xs={1} md={2} className="g-4">
                  <Col>
                    <div className="card h-100 shadow-sm">
                      <div className="card-body d-flex flex-column">
                        <h2 className="card-title h4">Key Manager</h2>
                        <p className="card-text">
                          Licence keys for your applications: set how many activations each key allows, switch
                          keys on and off at any time, and check them from the Java library or the REST API.
                        </p>
                        <div className="mt-auto">
                          <LinkButton to="/store/key-manager">Open the Key Manager</LinkButton>
                        </div>
                      </div>
                    </div>
                  </Col>
                </Row>
                {storeCatalog}
              </>
            ),
          },
        ]}
      />
    </Container>
  );
}
