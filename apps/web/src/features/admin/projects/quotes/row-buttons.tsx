import { Button } from 'react-bootstrap';

/** Removes one row of a quote's list (a line, a milestone); the last one stays. */
export function RemoveRowButton({
  label,
  onlyOne,
  onRemove,
}: {
  /** What the row is, for screen readers: "line 2", "milestone 1". */
  label: string;
  onlyOne: boolean;
  onRemove: () => void;
}) {
  return (
    <Button variant="outline-danger" size="sm" className="mt-md-4" disabled={onlyOne} onClick={onRemove}>
      Remove<span className="visually-hidden"> {label}</span>
    </Button>
  );
}

/** Adds a row to a quote's list, up to the contract's limit. */
export function AddRowButton({ label, full, onAdd }: { label: string; full: boolean; onAdd: () => void }) {
  return (
    <Button variant="outline-primary" size="sm" onClick={onAdd} disabled={full}>
      {label}
    </Button>
  );
}
