import { Fragment, useState } from 'react';
import { Modal, Tab, Tabs } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { useMailMessage } from '../api';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** One mail: its HTML part rendered in a sandboxed frame (no scripts; links open a new tab) and its text part. */
export function MailViewer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const mail = useMailMessage(id);
  const [tab, setTab] = useState<string>('html');
  const message = mail.data;
  return (
    <Modal show={id !== null} onHide={onClose} size="lg" aria-labelledby="mail-viewer-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="mail-viewer-title" className="h5">
          {message?.subject ?? 'Mail'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!message ? (
          <QueryState isPending={mail.isPending} error={mail.error} onRetry={() => void mail.refetch()} />
        ) : (
          <>
            <dl className="row small mb-3">
              <dt className="col-sm-2">To</dt>
              <dd className="col-sm-10 text-break">{message.to}</dd>
              <dt className="col-sm-2">Created</dt>
              <dd className="col-sm-10">{new Date(message.createdAt).toLocaleString()}</dd>
              {Object.entries(message.headers).map(([name, value]) => (
                <Fragment key={name}>
                  <dt className="col-sm-2 text-break">{name}</dt>
                  <dd className="col-sm-10 text-break">{value}</dd>
                </Fragment>
              ))}
            </dl>
            <Tabs
              activeKey={message.html ? tab : 'text'}
              onSelect={(key) => key && setTab(key)}
              className="mb-3"
            >
              {message.html && (
                <Tab eventKey="html" title="HTML">
                  <iframe
                    title={`HTML part of ${message.subject}`}
                    className="w-100 border rounded bg-white"
                    style={{ height: 480 }}
                    sandbox="allow-popups allow-popups-to-escape-sandbox"
                    srcDoc={`<base target="_blank">${message.html}`}
                  />
                </Tab>
              )}
              <Tab eventKey="text" title="Text">
                <pre className="bg-light border rounded p-3 text-wrap" style={{ whiteSpace: 'pre-wrap' }}>
                  <LinkedText text={message.text} />
                </pre>
              </Tab>
            </Tabs>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}

/** Plain text with its URLs as links, so a newcomer can open a confirmation link from the outbox. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
