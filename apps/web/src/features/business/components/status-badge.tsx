import { Badge } from 'react-bootstrap';

/** docs/product-contract.md §States: property statuses with coloured badges. */
const VARIANT: Record<string, { bg: string; text?: 'dark' }> = {
  Available: { bg: 'success' },
  Sold: { bg: 'secondary' },
  'Open House': { bg: 'info', text: 'dark' },
  'Private visit': { bg: 'warning', text: 'dark' },
};

export function StatusBadge({ status }: { status: string }) {
  const variant = VARIANT[status] ?? { bg: 'light', text: 'dark' as const };
  return (
    <Badge bg={variant.bg} text={variant.text} pill>
      {status}
    </Badge>
  );
}
