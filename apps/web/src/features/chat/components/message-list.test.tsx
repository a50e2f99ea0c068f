import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatMessageView, MessageList } from './message-list';

const message = (overrides: Partial<ChatMessageView>): ChatMessageView => ({
  id: 1,
  mine: false,
  from: 'Customer Service',
  message: 'Hello',
  media: null,
  media_name: null,
  media_type: null,
  at: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('MessageList', () => {
  it("right-aligns the reader's own messages and renders text as text, never HTML", () => {
    render(
      <MessageList
        messages={[
          message({ id: 1, mine: true, from: 'Me', message: '<img src=x onerror=alert(1)>' }),
          message({ id: 2 }),
        ]}
        lastSeen="2026-01-01T10:05:00.000Z"
        typing="Customer Service"
        mediaHeaders={{}}
        emptyText="Empty"
      />,
    );
    const mine = screen.getByText('<img src=x onerror=alert(1)>');
    expect(mine.closest('.d-flex')?.className).toContain('justify-content-end');
    expect(screen.getByText('Hello').closest('.d-flex')?.className).toContain('justify-content-start');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('Seen')).toBeTruthy();
    expect(screen.getByText('Customer Service is typing…')).toBeTruthy();
  });

  it('says so when there are no messages', () => {
    render(
      <MessageList messages={[]} lastSeen={null} typing={null} mediaHeaders={{}} emptyText="Say hello" />,
    );
    expect(screen.getByText('Say hello')).toBeTruthy();
  });

  describe('attachments', () => {
    afterEach(() => vi.unstubAllGlobals());

    function renderMine(media: Partial<ChatMessageView>) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(new Blob(['x']), { status: 200 })),
      );
      URL.createObjectURL = vi.fn(() => 'blob:attachment');
      URL.revokeObjectURL = vi.fn();
      render(
        <MessageList
          messages={[
            message({ id: 3, mine: true, from: 'Me', message: '', media: '/api/v1/files/f1', ...media }),
          ]}
          lastSeen={null}
          typing={null}
          mediaHeaders={{}}
          emptyText="Empty"
        />,
      );
    }

    it('shows a file as a chip with its kind and name, on its own light surface inside the blue bubble', async () => {
      renderMine({ media_name: 'brief.pdf', media_type: 'application/pdf' });
      const chip = await screen.findByRole('link', { name: /brief\.pdf/ });
      expect(chip.className).toContain('chat-file-chip');
      expect(chip.getAttribute('download')).toBe('brief.pdf');
      expect(chip.textContent).toContain('PDF');
      expect(chip.closest('.chat-bubble')?.className).toContain('bg-primary');
    });

    it('shows an image as a framed thumbnail', async () => {
      renderMine({ media_name: 'screen.png', media_type: 'image/png' });
      const image = await screen.findByRole('img', { name: 'screen.png' });
      expect(image.closest('a')?.className).toContain('chat-thumb');
    });
  });
});
