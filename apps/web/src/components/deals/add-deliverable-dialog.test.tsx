import type { MilestoneWork } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../toast/toast-context';
import { AddDeliverableDialog } from './add-deliverable-dialog';

const milestone: MilestoneWork = {
  id: '11111111-1111-4111-8111-111111111111',
  position: 1,
  title: 'Designs',
  dueDate: '2026-12-31',
  status: 'pending',
  deliverables: [],
  history: [],
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const show = vi.fn();
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show }}>
        <AddDeliverableDialog milestone={milestone} onHide={onHide} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return { show, onHide };
}

const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add deliverable' })));

describe('AddDeliverableDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what is missing for each kind before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    expect(screen.getByText(/marks the milestone delivered/)).toBeTruthy();
    await submit();
    expect(screen.getByText('Choose a file')).toBeTruthy();
    expect(screen.getByLabelText('File').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByLabelText('A link'));
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'ftp://example.com/x' } });
    await submit();
    expect(screen.getByText('A link must be an http(s) address')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('A note'));
    await submit();
    expect(screen.getByText('Write the note')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a link with its note as JSON, then tells and closes', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            status: 'ok',
            message: 'Deliverable added',
            milestone: { ...milestone, status: 'delivered' },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const { show, onHide } = renderDialog();
    fireEvent.click(screen.getByLabelText('A link'));
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: ' https://figma.example.com/f ' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Prototype' } });
    await submit();
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/v1/projects/deliverables/add');
    expect(JSON.parse(String(init.body))).toEqual({
      milestoneID: milestone.id,
      note: 'Prototype',
      url: 'https://figma.example.com/f',
    });
    expect(show).toHaveBeenCalledWith({ message: 'Deliverable added', variant: 'success' });
  });
});
