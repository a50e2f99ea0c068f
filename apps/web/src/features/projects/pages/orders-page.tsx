import { useState } from 'react';
import { Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { CursorPager } from '../../../components/cursor-pager';
import { OrderFiles } from '../../../components/projects/order-files';
import { QueryState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/project-format';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useMyOrders } from '../api';
import { type ProjectBillingPanels, ProjectCard } from '../components/project-card';
import { QuickRequestModal } from '../components/quick-request-modal';

/**
 * /orders: the client's projects grouped by order (docs/product-contract.md §Screens, Projects page),
 * one server page of orders at a time (decision 030). `?project=<id>` (the link in project mails, with
 * `order=<id>`) opens that project's details and scrolls to it; an order that is not on the page is
 * fetched by its id and shown first. `billing` adds each project's invoices (app/pages/orders-route.tsx).
 */
export function OrdersPage({ billing }: { billing?: ProjectBillingPanels } = {}) {
  const pages = useCursorPages('orders');
  const list = useMyOrders({ cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const [params] = useSearchParams();
  const focusedProject = params.get('project');
  const linkedOrder = params.get('order') ?? undefined;
  const linkedOnPage = list.data?.orders.some((order) => order.id === linkedOrder) ?? false;
  const linked = useMyOrders({ order: linkedOrder }, Boolean(list.data && linkedOrder && !linkedOnPage));
  const extra =
    linkedOrder && !linkedOnPage
      ? (linked.data?.orders.filter((order) => order.id === linkedOrder) ?? [])
      : [];
  const data = list.data ? [...extra, ...list.data.orders] : undefined;
  const [requesting, setRequesting] = useState(false);
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
        <h1 className="h3 me-auto mb-0">Your orders</h1>
        <Button onClick={() => setRequesting(true)}>Request New Project</Button>
        <Link className="btn btn-outline-primary" to="/orders/create">
          Request with proposal &amp; designs
        </Link>
        <Link className="btn btn-outline-secondary" to="/chatroom/">
          Message
        </Link>
      </div>
      <QuickRequestModal show={requesting} onClose={() => setRequesting(false)} />
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Card body className="text-center text-muted">
          You have no orders yet. Use <strong>Request New Project</strong> to start one.
        </Card>
      ) : (
        data.map((order) => (
          <section key={order.id} className="mb-5" aria-labelledby={`order-${order.id}`}>
            <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
              <h2 id={`order-${order.id}`} className="h5 mb-0">
                {order.name}
              </h2>
              <span className="text-muted small">ordered {formatMoment(order.createdAt)}</span>
            </div>
            <div className="mb-3">
              <OrderFiles order={order} />
            </div>
            {/* Top-aligned: a card opened with More Info grows alone instead of stretching its row. */}
            <Row xs={1} md={2} xl={3} className="g-3 align-items-start">
              {order.projects.map((project) => (
                <Col key={project.id}>
                  <ProjectCard project={project} focused={project.id === focusedProject} billing={billing} />
                </Col>
              ))}
            </Row>
          </section>
        ))
      )}
      <CursorPager
        label="Order pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </Container>
  );
}
