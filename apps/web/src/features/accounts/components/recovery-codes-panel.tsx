import { useEffect, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';

/** Recovery codes, shown once: the person copies, prints or downloads them, then closes the panel. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const download = () => {
    const text = `Recovery codes (each works once):\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert variant="warning" className="mt-3" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="h6" tabIndex={-1} ref={headingRef}>
        Your recovery codes
      </h3>
      <p className="mb-2">
        Keep them somewhere safe: each one signs you in once if you lose your phone or passkey. They are shown
        only now.
      </p>
      <ul className="list-unstyled font-monospace row row-cols-2 mb-3" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <div className="d-flex gap-2">
        <Button variant="outline-dark" size="sm" onClick={download}>
          Download
        </Button>
        <Button variant="dark" size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </Alert>
  );
}
