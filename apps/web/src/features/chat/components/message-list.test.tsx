import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
