import { Form } from 'react-bootstrap';

interface SearchBoxProps {
  /** The accessible name, e.g. "Search clients" (the box has no visible label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** 320 px wide beside other controls; otherwise the box fills its container (side panels). */
  narrow?: boolean;
  size?: 'sm';
  className?: string;
}

/**
 * The search-as-you-type box of a server-searched list; the list debounces `value` itself. Enter does
 * nothing (the search already runs), so inside a dialog's form it never submits the form.
 */
export function SearchBox({ label, placeholder, value, onChange, narrow, size, className }: SearchBoxProps) {
  return (
    <Form.Control
      type="search"
      size={size}
      className={className}
      style={narrow ? { maxWidth: 320 } : undefined}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
