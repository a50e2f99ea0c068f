import type { DashboardKey, Device } from '@app/contract';
import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { KeyDevicesPanel, ReleaseDeviceConfirm } from './key-devices-panel';

/** A key's devices (most recently seen first) with Release, and the key's own lease and transfer rules. */
export function DevicesDialog({ licence, onHide }: { licence: DashboardKey; onHide: () => void }) {
  const [releasing, setReleasing] = useState<Device | null>(null);
  return (
    <>
      <Modal show={!releasing} onHide={onHide} size="xl" aria-labelledby="devices-title">
        <Modal.Header closeButton>
          <Modal.Title id="devices-title">
            Devices of <span className="font-monospace">{licence.key}</span>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <KeyDevicesPanel licence={licence} onRelease={setReleasing} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
      {releasing && (
        <ReleaseDeviceConfirm licence={licence} device={releasing} onHide={() => setReleasing(null)} />
      )}
    </>
  );
}
