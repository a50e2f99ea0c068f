import type { LeadIntent } from '@app/contract';
import { useState } from 'react';
import { Button, Card, Col, Container, Row } from 'react-bootstrap';
import { LeadDialog } from '../components/lead-dialog';
import { PageMeta } from '../components/page-meta';
import { CRM_FEATURES } from '../content/crm-content';

/**
 * Marketing page for the real-estate CRM (docs/product-contract.md §Product, §Constants: founder's
 * lifetime price $149 one-time).
 */
export function CrmPage() {
  const [intent, setIntent] = useState<LeadIntent | null>(null);
  return (
    <>
      <PageMeta
        title="Real-estate CRM and property management platform"
        description="Listings, agents and clients in one place for estate agencies. Founder's lifetime price: $149 one-time. Request early access or a demo."
        path="/products/real-estate-crm-and-property-management-platform"
      />
      <section className="hero py-5" aria-labelledby="crm-title">
        <Container className="py-lg-4">
          <p className="text-uppercase small fw-semibold text-info mb-2">Early access</p>
          <h1 id="crm-title" className="display-6 fw-bold">
            Real-estate CRM and property management platform
          </h1>
          <p className="lead mt-3" style={{ maxWidth: 720 }}>
            Houses, buildings and land, the agents who sell them and the clients who buy them, all in one calm
            dashboard built for small and mid-sized agencies.
          </p>
          <div className="d-flex flex-wrap gap-2 mt-4">
            <Button size="lg" onClick={() => setIntent('early-access')}>
              Get early access
            </Button>
            <Button size="lg" variant="outline-light" onClick={() => setIntent('demo')}>
              Book a demo
            </Button>
          </div>
        </Container>
      </section>
      <Container className="py-5">
        <h2 className="h3 mb-4">Everything an agency needs</h2>
        <Row xs={1} md={2} lg={3} className="g-4 mb-5">
          {CRM_FEATURES.map((feature) => (
            <Col key={feature.title}>
              <h3 className="h5">{feature.title}</h3>
              <p className="mb-0">{feature.text}</p>
            </Col>
          ))}
        </Row>
        <Card className="border-primary border-2 shadow" style={{ maxWidth: 640 }}>
          <Card.Body className="p-4">
            <Card.Title as="h2" className="h4">
              Founder's lifetime price
            </Card.Title>
            <p className="mb-1">
              <span className="display-5 fw-bold">$149</span>{' '}
              <span className="text-body-secondary">one-time</span>
            </p>
            <p>
              The first agencies to join pay once and keep the CRM for life, including every update, instead
              of a monthly plan. Places are limited while we onboard agencies one by one.
            </p>
            <Button size="lg" onClick={() => setIntent('reserve-spot')}>
              Reserve your spot
            </Button>
          </Card.Body>
        </Card>
      </Container>
      <LeadDialog intent={intent} onClose={() => setIntent(null)} />
    </>
  );
}
