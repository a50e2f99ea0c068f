import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { FormDialog, type FormDialogProps } from './form-dialog';

type Props = Partial<FormDialogProps>;

function Dialog(props: Props) {
  const [name, setName] = useState('');
  return (
    <FormDialog
      title="Add key"
      submitLabel="Create key"
      pendingLabel="Creating"
      pending={false}
      onSubmit={() => undefined}
      onHide={() => undefined}
      {...props}
    >
      <Form.Group controlId="key-name">
        <Form.Label>Name</Form.Label>
        <Form.Control value={name} onChange={(e) => setName(e.target.value)} />
      </Form.Group>
      <Form.Group controlId="key-note">
        <Form.Label>Note</Form.Label>
        <Form.Control />
      </Form.Group>
    </FormDialog>
  );
}

// Modal transitions are slow under a loaded jsdom.
describe('FormDialog', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('is named by its title and focuses the first field', () => {
    render(<Dialog />);
    const dialog = screen.getByRole('dialog', { name: 'Add key' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
  });

  it('runs the handler on submit and on Enter in a field', async () => {
    const onSubmit = vi.fn();
    render(<Dialog onSubmit={onSubmit} />);
    const dialog = within(screen.getByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Create key' })));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Enter in a text input submits its form (jsdom does not do it, so the submit is what a browser sends).
    await act(async () => fireEvent.submit(dialog.getByLabelText('Note')));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[0]?.[0].defaultPrevented).toBe(true);
    expect(dialog.getByLabelText('Note').closest('form')).toBe(
      dialog.getByRole('button', { name: 'Create key' }).closest('form'),
    );
  });

  it('shows a spinner and the pending label, and cannot be submitted twice, while pending', () => {
    render(<Dialog pending />);
    const dialog = within(screen.getByRole('dialog'));
    const button = dialog.getByRole('button', { name: 'Creating' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(true);
    expect(button.querySelector('.spinner-border')).not.toBeNull();
    expect(dialog.queryByRole('button', { name: 'Create key' })).toBeNull();
  });

  it("shows the server's message and nothing without an error", () => {
    const { rerender } = render(<Dialog />);
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    rerender(<Dialog error={new ApiError(403, 'Your plan allows 5 keys')} />);
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Your plan allows 5 keys');
  });

  it('Cancel and the close button call onHide without submitting', async () => {
    const onHide = vi.fn();
    const onSubmit = vi.fn();
    render(<Dialog onHide={onHide} onSubmit={onSubmit} cancelLabel="Not now" />);
    const dialog = within(screen.getByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Not now' })));
    expect(onHide).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Close' })));
    expect(onHide).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has no Cancel and no close button without onHide; submitDisabled disables submit', () => {
    render(<Dialog onHide={undefined} submitDisabled />);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Close' })).toBeNull();
    expect((dialog.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('can have the close button without Cancel', async () => {
    const onHide = vi.fn();
    render(<Dialog onHide={onHide} cancelLabel={null} />);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Close' })));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('shows the intro above the alert and footer extras before Cancel, at the size asked for', () => {
    render(
      <Dialog
        size="lg"
        intro={<p>About keys</p>}
        error={new ApiError(400, 'No')}
        footerExtras={<button type="button">Help</button>}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const intro = within(dialog).getByText('About keys');
    const alert = within(dialog).getByRole('alert');
    expect(intro.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names.slice(-3)).toEqual(['Help', 'Cancel', 'Create key']);
    expect(dialog.querySelector('.modal-lg')).not.toBeNull();
  });

  it('renders nothing while hidden', () => {
    render(<Dialog show={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
