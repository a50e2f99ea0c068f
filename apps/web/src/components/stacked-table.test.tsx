import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StackedTable } from './stacked-table';

function Keys() {
  const [rows, setRows] = useState(['KEY-1']);
  return (
    <>
      <button type="button" onClick={() => setRows((current) => [...current, `KEY-${current.length + 1}`])}>
        more
      </button>
      <StackedTable responsive>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Activations</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((key) => (
            <tr key={key}>
              <td>{key}</td>
              <td>0 / 3</td>
              <td>
                <button type="button">Delete</button>
              </td>
            </tr>
          ))}
          <tr>
            <td colSpan={3}>That is all</td>
          </tr>
        </tbody>
      </StackedTable>
    </>
  );
}

describe('StackedTable', () => {
  it("labels each cell with its column's visible header, also for rows added later", async () => {
    render(<Keys />);
    const table = screen.getByRole('table');
    expect(table.className).toContain('table-stack');
    expect(screen.getByText('KEY-1').getAttribute('data-label')).toBe('Key');
    expect(screen.getAllByText('0 / 3')[0]?.getAttribute('data-label')).toBe('Activations');
    // A header only screen readers hear, and a cell spanning the row, get no visible label.
    expect(screen.getByRole('button', { name: 'Delete' }).closest('td')?.hasAttribute('data-label')).toBe(
      false,
    );
    expect(screen.getByText('That is all').hasAttribute('data-label')).toBe(false);

    screen.getByRole('button', { name: 'more' }).click();
    await waitFor(() => expect(screen.getByText('KEY-2').getAttribute('data-label')).toBe('Key'));
  });
});
