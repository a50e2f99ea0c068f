import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { RegisterBusinessModal } from './register-business-modal';

/**
 * The way in for a client without a business yet: the Business tab appears only once they have
 * one (docs/product-contract.md §Screens, Profile), so the Dashboard offers the registration dialog.
 */
export function StartBusinessButton() {
  const [show, setShow] = useState(false);
  return (
    <>
      <Button variant="outline-primary" onClick={() => setShow(true)}>
        Register a business
      </Button>
      <RegisterBusinessModal show={show} onHide={() => setShow(false)} />
    </>
  );
}
