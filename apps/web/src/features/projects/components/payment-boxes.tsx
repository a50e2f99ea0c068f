import type { Project } from '@app/contract';
import { Card, Col, Row } from 'react-bootstrap';
import { formatProjectMoney, TERM_LABELS } from '../../../lib/project-format';

function Box({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Col>
      <Card className="h-100 border-0 bg-light">
        <Card.Body className="py-2">
          <div className="small text-muted text-uppercase">{title}</div>
          <div className="fw-semibold">{children}</div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/**
 * docs/product-contract.md §Screens (Projects page): payment boxes and the 'Pay Now' link, shown only
 * when a payment link exists.
 */
export function PaymentBoxes({ project }: { project: Project }) {
  return (
    <section aria-label="Payment">
      <Row xs={1} sm={2} className="g-2 mb-2">
        <Box title="Total payment">{formatProjectMoney(project.totalPayment)}</Box>
        <Box title="Recurring payment">{formatProjectMoney(project.recurringPayment)}</Box>
        <Box title="Term">{project.term ? (TERM_LABELS[project.term] ?? project.term) : 'Not set'}</Box>
        <Box title="Payment information">{project.paymentInformation ?? 'Not set'}</Box>
      </Row>
      {project.paymentLink && (
        <a className="btn btn-success" href={project.paymentLink} target="_blank" rel="noopener noreferrer">
          Pay Now
        </a>
      )}
    </section>
  );
}
