import { type ComponentType, useState } from 'react';
import { Accordion, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useBrand } from '../../../lib/brand';
import { PageMeta } from '../components/page-meta';
import { FAQS } from '../content/faqs';

const CHAT_SECTION_ID = 'contact-chat';

/** The visitor chat (chat's), which opens its email dialog once `asked`. */
export interface ContactChatProps {
  asked: boolean;
  onAskedChange: (asked: boolean) => void;
}

/**
 * /contact-us: the help centre (FAQs) and the entry to the visitor chat (docs/product-contract.md
 * §Screens). The chat's email dialog waits until the visitor asks to chat, here or in the chat panel.
 */
export function ContactPage({ Chat }: { Chat: ComponentType<ContactChatProps> }) {
  const { contactEmail } = useBrand();
  const [chatAsked, setChatAsked] = useState(false);
  const askToChat = () => {
    setChatAsked(true);
    document.getElementById(CHAT_SECTION_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Container className="py-5">
      <PageMeta
        title="Contact us and Help Center"
        description="Answers to common questions about projects, pricing, payments and refunds, and how to reach our team."
        path="/contact-us"
      />
      <h1>Contact us</h1>
      <p className="lead">Questions about a project, a plan or a product? We are here to help.</p>
      <Row className="gy-4">
        <Col lg={7}>
          <h2 className="h3 mb-3">Help Center</h2>
          <Accordion>
            {FAQS.map((faq, index) => (
              <Accordion.Item key={faq.question} eventKey={String(index)}>
                <Accordion.Header as="h3">{faq.question}</Accordion.Header>
                <Accordion.Body>{faq.answer}</Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
          <p className="mt-3 small">
            More guides: <Link to="/tutorials">Getting started</Link>,{' '}
            <Link to="/refund-policy">Refund Policy</Link>,{' '}
            <Link to="/terms-of-service">Terms of Service</Link>.
          </p>
        </Col>
        <Col lg={5}>
          <section aria-labelledby="contact-direct-title">
            <Card className="shadow-sm">
              <Card.Body>
                <Card.Title as="h2" id="contact-direct-title" className="h4">
                  Write to us
                </Card.Title>
                <Card.Text>
                  Email us and a member of the team answers within one business day, Monday to Friday. Or chat
                  with customer service here.
                </Card.Text>
                <div className="d-flex flex-wrap gap-2">
                  <Button onClick={askToChat}>Chat with us</Button>
                  {contactEmail && (
                    <a className="btn btn-outline-primary text-break" href={`mailto:${contactEmail}`}>
                      {contactEmail}
                    </a>
                  )}
                </div>
              </Card.Body>
            </Card>
          </section>
        </Col>
      </Row>
      <section id={CHAT_SECTION_ID} aria-labelledby="contact-chat-title" className="mt-5">
        <h2 id="contact-chat-title" className="h3 mb-3">
          Chat with us
        </h2>
        <Chat asked={chatAsked} onAskedChange={setChatAsked} />
      </section>
    </Container>
  );
}
