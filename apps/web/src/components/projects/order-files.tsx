import { DESIGN_TEMPLATES, type Order } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { errorMessage } from '../../lib/api-error';
import { downloadProtectedFile, filePath } from '../../lib/protected-file';
import { useToast } from '../toast/toast-context';

type OrderMaterial = Pick<Order, 'files' | 'proposal_link' | 'design_link' | 'designTemplates'>;

/** What the client sent with the order: downloadable files, links and chosen design templates. */
export function OrderFiles({ order }: { order: OrderMaterial }) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (id: string, name: string) => {
    setBusy(id);
    try {
      await downloadProtectedFile(filePath(id), name);
    } catch (error) {
      toast.show({ variant: 'danger', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const templates = DESIGN_TEMPLATES.filter((t) => order.designTemplates.includes(t.id));
  const empty =
    order.files.length === 0 && !order.proposal_link && !order.design_link && templates.length === 0;
  if (empty) return <p className="text-muted small mb-0">No proposal or designs attached.</p>;
  return (
    <ul className="list-unstyled small mb-0">
      {order.files.map((file) => (
        <li key={file.id} className="mb-1">
          <Button
            variant="link"
            size="sm"
            className="p-0"
            disabled={busy === file.id}
            onClick={() => void download(file.id, file.name)}
          >
            {file.kind === 'proposal' ? 'Proposal' : 'Design'}: {file.name}
          </Button>
        </li>
      ))}
      {order.proposal_link && (
        <li>
          Proposal link:{' '}
          <a href={order.proposal_link} target="_blank" rel="noopener noreferrer">
            {order.proposal_link}
          </a>
        </li>
      )}
      {order.design_link && (
        <li>
          Designs link:{' '}
          <a href={order.design_link} target="_blank" rel="noopener noreferrer">
            {order.design_link}
          </a>
        </li>
      )}
      {templates.length > 0 && <li>Design templates: {templates.map((t) => t.name).join(', ')}</li>}
    </ul>
  );
}
