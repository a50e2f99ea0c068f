import { publicListingsPath } from '@app/contract';
import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useBusinesses } from '../api';
import { embedSnippet } from '../lib/embed-snippet';
import { CopyButton } from './copy-button';

/** Owned businesses per page of the dialog: each brings an address and a snippet. */
const EMBED_PAGE = 10;

/**
 * docs/product-contract.md §Screens (Profile), the Dashboard's 'Integrate Your Business': explains how
 * to show a business's listings on the owner's own site with the public listings endpoint and a
 * copy-paste snippet. Owners only: an agent also has a business account (the Business tab) but no
 * business of their own to embed.
 */
export function IntegrateBusinessButton() {
  const [show, setShow] = useState(false);
  // One owned business is enough to know (the list is paged on the server).
  const { data } = useBusinesses({ role: 'owner', limit: 1 });
  if (!data?.businessList.length) return null;
  return (
    <>
      <Button variant="outline-primary" onClick={() => setShow(true)}>
        Integrate Your Business
      </Button>
      {show && <IntegrateBusinessModal onHide={() => setShow(false)} />}
    </>
  );
}

function IntegrateBusinessModal({ onHide }: { onHide: () => void }) {
  const titleId = useId();
  const pages = useCursorPages('owner');
  const list = useBusinesses({ role: 'owner', cursor: pages.cursor, limit: EMBED_PAGE });
  const { data, isPending, error, refetch } = list;
  const owned = data?.businessList ?? [];
  const origin = window.location.origin;
  return (
    <Modal show onHide={onHide} size="lg" centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>Integrate Your Business</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Every business has a public, read-only listings address. It returns the business's houses, buildings
          and lands that are not sold, with their photos, as JSON that any website may load: 50 at a time,
          newest first, with a <code>nextCursor</code> to pass back as <code>?cursor=</code> for the next 50.
          Paste the snippet into a page of your site: each time the page opens it loads the current listings
          and shows them as cards, with a "More listings" button while there are more.
        </p>
        {!data ? (
          <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
        ) : owned.length === 0 ? (
          <p className="text-muted mb-0">Register a business in the Business tab first.</p>
        ) : (
          owned.map((business) => (
            <section key={business.id} className="mb-4" aria-label={`Embedding ${business.name}`}>
              <h3 className="h6">{business.name}</h3>
              <Form.Group className="mb-2" controlId={`listings-url-${business.id}`}>
                <Form.Label className="small">Listings address (JSON)</Form.Label>
                <Form.Control
                  readOnly
                  value={`${origin}${publicListingsPath(business.id)}`}
                  onFocus={(e) => e.target.select()}
                />
              </Form.Group>
              <Form.Group controlId={`listings-snippet-${business.id}`} className="mb-2">
                <Form.Label className="small">Snippet for your site</Form.Label>
                <Form.Control
                  as="textarea"
                  readOnly
                  rows={8}
                  className="font-monospace small"
                  value={embedSnippet(origin, business.id)}
                  onFocus={(e) => e.target.select()}
                />
              </Form.Group>
              <CopyButton text={embedSnippet(origin, business.id)} />
            </section>
          ))
        )}
        <CursorPager
          label="Business pages"
          page={pages.page}
          nextCursor={data?.nextCursor}
          onNext={pages.next}
          onPrevious={pages.previous}
          busy={list.isPlaceholderData}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
