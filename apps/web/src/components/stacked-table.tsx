import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { Table } from 'react-bootstrap';
import './stacked-table.css';

/** The header's visible text; none for a header that only speaks to screen readers ("Actions"). */
function headerLabel(header: Element): string {
  const text = header.textContent?.trim() ?? '';
  const hidden = [...header.querySelectorAll('.visually-hidden')]
    .map((node) => node.textContent ?? '')
    .join('');
  return text === hidden.trim() ? '' : text;
}

/** Labels each body cell with its column's header (cells spanning columns, e.g. "No keys yet", get none). */
function labelCells(table: HTMLTableElement): void {
  const labels = [...table.querySelectorAll(':scope > thead > tr:last-child > th')].map(headerLabel);
  for (const row of table.querySelectorAll(':scope > tbody > tr')) {
    [...row.children].forEach((cell, index) => {
      const label = (cell as HTMLTableCellElement).colSpan > 1 ? '' : (labels[index] ?? '');
      if (!label) cell.removeAttribute('data-label');
      else if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
    });
  }
}

/**
 * A react-bootstrap Table that becomes one card per row on phones (docs/architecture.md: nothing scrolls
 * sideways at 390 px). Cells are labelled from the header row, also as rows come and go, so tables
 * need no per-cell markup.
 */
export function StackedTable({ className, ...props }: ComponentProps<typeof Table>) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    // Only rows and cells coming and going matter; attribute changes (ours) are not observed.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return <Table ref={ref} className={['table-stack', className].filter(Boolean).join(' ')} {...props} />;
}
