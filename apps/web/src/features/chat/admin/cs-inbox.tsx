import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge, Card, Col, ListGroup, Row } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { getAccessToken } from '../../../lib/session';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Composer } from '../components/composer';
import { MessageList } from '../components/message-list';
import { SocketBadge } from '../components/socket-badge';
import {
  addCsMessage,
  csKeys,
  sendStaffMedia,
  sendStaffText,
  setCsLastSeen,
  useCsInbox,
  useStaffMessages,
} from '../cs-api';
import { toView } from '../cs-view';
import { useChatSocket } from '../socket/use-chat-socket';
import { useRefetchOnOpen, useTypingIndicator } from '../socket/use-typing';

/**
 * Staff side of customer service: chats on the left (a page at a time, searched by email on the
 * server), the open conversation on the right.
 */
export function CsInbox() {
  const client = useQueryClient();
  const [chatId, setChatId] = useState<string | null>(null);
  const [chatEmail, setChatEmail] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const [typing, showTyping] = useTypingIndicator();
  const targets = useMemo(
    () => [{ kind: 'cs-inbox' as const }, ...(chatId ? [{ kind: 'cs' as const, chat_id: chatId }] : [])],
    [chatId],
  );
  const key = csKeys.staff(chatId ?? '');
  const socket = useChatSocket(
    `staff:${chatId ?? ''}`,
    targets,
    () => {
      const access = getAccessToken();
      return access ? { access } : null;
    },
    (frame) => {
      if (frame.type === 'inbox') void client.invalidateQueries({ queryKey: csKeys.inbox });
      else if (frame.type === 'cs-message') {
        addCsMessage(client, key, frame.message);
        showTyping(null);
        if (frame.message.sender === 'visitor') socket.send({ type: 'read', room: frame.room });
      } else if (frame.type === 'typing') showTyping(frame.name);
      else if (frame.type === 'read') setCsLastSeen(client, key, frame.last_seen);
    },
  );
  const live = socket.status === 'open';
  const inbox = useCsInbox(!live, { search: settled, cursor: pages.cursor });
  const chats = inbox.data?.chats;
  const messages = useStaffMessages(chatId, !live);
  useRefetchOnOpen(socket.status, messages.refetch, chatId !== null);
  const views = useMemo(
    () => (messages.data?.messages ?? []).map((m) => toView(m, 'staff')),
    [messages.data],
  );
  const room = socket.rooms[1];

  return (
    <Card style={{ minHeight: 600 }}>
      <Row className="g-0">
        <Col md={4} className="border-end">
          <div className="d-flex justify-content-between align-items-center p-2 border-bottom">
            <h3 className="h6 mb-0">Chats</h3>
            <SocketBadge status={socket.status} />
          </div>
          <div className="p-2 border-bottom">
            <SearchBox
              label="Search chats"
              placeholder="Search by email"
              value={search}
              onChange={setSearch}
              size="sm"
            />
          </div>
          <QueryState isPending={inbox.isPending} error={inbox.error} onRetry={() => inbox.refetch()} />
          {chats?.length === 0 && (
            <p className="text-muted p-3">
              {search ? 'No chat matches this search.' : 'No visitor has written yet.'}
            </p>
          )}
          <ListGroup variant="flush" className="overflow-auto" style={{ maxHeight: 480 }} aria-label="Chats">
            {chats?.map((chat) => (
              <ListGroup.Item
                key={chat.id}
                action
                active={chat.id === chatId}
                onClick={() => {
                  setChatId(chat.id);
                  setChatEmail(chat.user_email);
                }}
                className="d-flex justify-content-between align-items-start gap-2"
              >
                <span className="text-truncate">
                  <span className="d-block fw-semibold text-truncate">{chat.user_email}</span>
                  <span className="small text-truncate d-block">{chat.last_message}</span>
                </span>
                {chat.unread > 0 && (
                  <Badge bg="danger" pill aria-label={`${chat.unread} unread`}>
                    {chat.unread}
                  </Badge>
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
          <CursorPager
            label="Chat pages"
            page={pages.page}
            nextCursor={inbox.data?.nextCursor}
            onNext={pages.next}
            onPrevious={pages.previous}
            busy={inbox.isPlaceholderData}
          />
        </Col>
        <Col md={8} className="d-flex flex-column">
          {!chatId && <p className="text-muted p-4 my-auto text-center">Choose a chat to read and reply.</p>}
          {chatId && (
            <>
              <div className="p-2 border-bottom fw-semibold">{chatEmail ?? 'Chat'}</div>
              <QueryState
                isPending={messages.isPending}
                error={messages.error}
                onRetry={() => messages.refetch()}
              />
              <MessageList
                messages={views}
                lastSeen={messages.data?.last_seen ?? null}
                typing={typing}
                mediaHeaders={{}}
                emptyText="No messages yet."
              />
              <Composer
                onTyping={() => room && socket.send({ type: 'typing', room })}
                onSendText={async (text) =>
                  addCsMessage(client, key, (await sendStaffText(chatId, text)).sent)
                }
                onSendFile={async (file, onProgress) =>
                  addCsMessage(client, key, (await sendStaffMedia(chatId, file, onProgress)).sent)
                }
              />
            </>
          )}
        </Col>
      </Row>
    </Card>
  );
}
