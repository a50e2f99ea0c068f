import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ProjectRequestForm } from './project-request-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ProjectRequestForm />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ProjectRequestForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what is missing on submit and drops each message as soon as it is fixed', async () => {
    // Uploads go through XHR; nothing may be sent while the form is incomplete.
    const open = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      vi.fn(() => ({ open, setRequestHeader: vi.fn(), send: vi.fn(), upload: {} })),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Harbour Café' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one platform');

    fireEvent.click(screen.getByLabelText('web'));
    expect(screen.queryByText('Choose at least one platform')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Add a proposal file or a proposal link.');

    fireEvent.change(screen.getByLabelText('Proposal link'), {
      target: { value: 'https://example.com/p.pdf' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
