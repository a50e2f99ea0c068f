import { Col, Container, Row } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { KEY_BENEFITS, PARTNERS, PRICING_PLANS } from '../content/home-content';
import { SERVICES } from './services';

export function AboutUsSection() {
  return (
    <section className="py-5" aria-labelledby="about-us-title">
      <Container>
        <Row className="gy-3 align-items-center">
          <Col lg={6}>
            <h2 id="about-us-title" className="h3">
              About us
            </h2>
            <p>
              We are a small software-development company founded in 2024 by engineers who were tired of
              projects that disappear into a black box. Every client gets a project chat room, visible
              progress and a price agreed before work starts.
            </p>
            <p className="mb-0">
              We build for shops, clinics, estate agencies, schools and start-ups, and we keep the software
              running after launch.
            </p>
          </Col>
          <Col lg={6}>
            <Row xs={2} className="g-3 text-center">
              {[
                ['4', 'platforms we build for'],
                ['2024', 'the year we started'],
                ['$100', 'plans start from, per month'],
                ['1', 'chat room per project'],
              ].map(([figure, label]) => (
                <Col key={label}>
                  <div className="border rounded-3 p-3 h-100">
                    <p className="display-6 fw-semibold mb-0">{figure}</p>
                    <p className="small text-body-secondary mb-0">{label}</p>
                  </div>
                </Col>
              ))}
            </Row>
          </Col>
        </Row>
      </Container>
    </section>
  );
}

export function ServicesSection() {
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="services-title">
      <Container>
        <h2 id="services-title" className="h3 mb-4">
          Our services
        </h2>
        <Row xs={1} md={2} lg={4} className="g-3">
          {SERVICES.map((service) => (
            <Col key={service.title}>
              <div className="card h-100 service-card shadow-sm">
                <div className="card-body">
                  <h3 className="card-title h5">{service.title}</h3>
                  <p className="card-text">{service.text}</p>
                </div>
              </div>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}

export function PricingSection() {
  return (
    <section className="py-5" aria-labelledby="pricing-title">
      <Container>
        <h2 id="pricing-title" className="h3">
          Pricing
        </h2>
        <p className="text-body-secondary mb-4">
          Businesses pay monthly plans, starting from $100/month. Personal users pay once.
        </p>
        <Row xs={1} md={3} className="g-3">
          {PRICING_PLANS.map((plan) => (
            <Col key={plan.name}>
              <div
                className={`card h-100 ${plan.highlighted ? 'border-primary border-2 shadow' : 'shadow-sm'}`}
              >
                <div className="card-body">
                  <h3 className="card-title h5">{plan.name}</h3>
                  <p className="mb-0">
                    <span className="display-6 fw-bold">{plan.price}</span>
                  </p>
                  <p className="small text-body-secondary">{plan.cadence}</p>
                  <p>{plan.summary}</p>
                  <ul className="ps-3 mb-0">
                    {plan.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                </div>
              </div>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}

export function BenefitsAndPartnersSection() {
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="benefits-title">
      <Container>
        <h2 id="benefits-title" className="h3 mb-4">
          Key benefits
        </h2>
        <Row xs={1} md={2} className="g-4 mb-5">
          {KEY_BENEFITS.map((benefit) => (
            <Col key={benefit.title}>
              <h3 className="h5">{benefit.title}</h3>
              <p className="mb-0">{benefit.text}</p>
            </Col>
          ))}
        </Row>
        <h2 className="h3 mb-3">Partners and technologies</h2>
        <ul className="list-inline mb-0">
          {PARTNERS.map((partner) => (
            <li key={partner} className="list-inline-item partner-mark">
              {partner}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function ContactCard() {
  return (
    <div className="card h-100 shadow-sm">
      <div className="card-body">
        <h2 className="card-title h4">Talk to us</h2>
        <p className="card-text">
          Not sure what you need yet? Ask in the help centre chat or read the answers to common questions. A
          person replies, usually within a business day.
        </p>
        <LinkButton to="/contact-us" variant="outline-primary">
          Contact us
        </LinkButton>
      </div>
    </div>
  );
}
