import { useEffect, useRef } from 'react';
import '../chat.css';
import { MessageMedia } from './message-media';

export interface ChatMessageView {
  id: number;
  mine: boolean;
  from: string;
  message: string;
  media: string | null;
  media_name: string | null;
  media_type: string | null;
  at: string;
}

interface MessageListProps {
  messages: readonly ChatMessageView[];
  /** When the other side last read the conversation (read state). */
  lastSeen: string | null;
  typing: string | null;
  mediaHeaders: Record<string, string>;
  emptyText: string;
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * docs/product-contract.md §Screens, §Interface: a 450 px scrolling list; 'Me' right-aligned; text
 * always rendered as text.
 */
export function MessageList({ messages, lastSeen, typing, mediaHeaders, emptyText }: MessageListProps) {
  const list = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  // The list scrolls to its newest message, and only the list: scrollIntoView also scrolled the
  // window, so /contact-us jumped past its Help Center on load (and under a visitor's pointer).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a new message arrives
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId, typing]);
  const lastMine = [...messages].reverse().find((m) => m.mine);
  const seen = lastMine && lastSeen && new Date(lastSeen) >= new Date(lastMine.at);

  return (
    <div
      ref={list}
      className="chat-list overflow-auto p-3 bg-light"
      style={{ height: 450 }}
      role="log"
      aria-live="polite"
      aria-label="Messages"
    >
      {messages.length === 0 && <p className="text-muted text-center my-5">{emptyText}</p>}
      {messages.map((m) => (
        <div key={m.id} className={`d-flex mb-2 ${m.mine ? 'justify-content-end' : 'justify-content-start'}`}>
          <div
            className={`chat-bubble px-3 py-2 rounded-3 ${m.mine ? 'bg-primary text-white' : 'bg-white border'}`}
          >
            <div className="small fw-semibold">{m.from}</div>
            {m.message && <div className="chat-text">{m.message}</div>}
            {m.media && (
              <div className="mt-1">
                <MessageMedia path={m.media} name={m.media_name} type={m.media_type} headers={mediaHeaders} />
              </div>
            )}
            <div className={`small ${m.mine ? 'text-white-50' : 'text-muted'}`}>{timeOf(m.at)}</div>
          </div>
        </div>
      ))}
      {seen && <div className="text-end small text-muted">Seen</div>}
      {typing && <div className="small text-muted fst-italic">{typing} is typing…</div>}
    </div>
  );
}
