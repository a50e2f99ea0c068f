import { Col, Container, Row } from 'react-bootstrap';
import { HomeHero } from '../components/home-hero';
import {
  AboutUsSection,
  BenefitsAndPartnersSection,
  ContactCard,
  PricingSection,
  ServicesSection,
} from '../components/home-sections';
import { NewsletterBox } from '../components/newsletter-box';
import { PageMeta } from '../components/page-meta';

export function HomePage() {
  return (
    <>
      <PageMeta
        title="Custom web, desktop, Android and API development"
        description="We design, build and maintain web, desktop, Android and API software. Plans from $100/month, visible progress and one chat room per project."
        path="/"
      />
      <HomeHero />
      <AboutUsSection />
      <ServicesSection />
      <PricingSection />
      <BenefitsAndPartnersSection />
      <section className="py-5" aria-label="Contact and newsletter">
        <Container>
          <Row xs={1} md={2} className="g-3">
            <Col>
              <ContactCard />
            </Col>
            <Col>
              <div className="card h-100 shadow-sm">
                <div className="card-body">
                  <NewsletterBox />
                </div>
              </div>
            </Col>
          </Row>
        </Container>
      </section>
    </>
  );
}
