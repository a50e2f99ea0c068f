import type { Discussion, ProjectMessage } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { useAreaAccess } from '../../../lib/account-context';
import { getAccessToken } from '../../../lib/session';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  addRoomMessage,
  type RoomRef,
  sendToRoom,
  setRoomLastSeen,
  useDiscussion,
  useDiscussions,
  useRoomMessages,
} from '../project-api';
import { useChatSocket } from '../socket/use-chat-socket';
import { useRefetchOnOpen, useTypingIndicator } from '../socket/use-typing';
import { Composer } from './composer';
import { DiscussionList } from './discussion-list';
import { type ChatMessageView, MessageList } from './message-list';
import { SocketBadge } from './socket-badge';

const toView = (m: ProjectMessage): ChatMessageView => ({ ...m, mine: m.self, at: m.date_time });

const accessCredentials = () => {
  const access = getAccessToken();
  return access ? { access } : null;
};

/**
 * Project chat rooms (docs/product-contract.md §Screens, Chat rooms): discussions on the left, the room
 * on the right. Used by /chatroom (clients and assigned staff) and the admin's Messages screen. The room
 * lives in ?order=&project=. Every list (an admin's: every order; a client's: their orders; a staff
 * member's: the orders of their assigned projects) is searched on the server and shown a page at a time.
 * A room opened from a link whose order is not on the page on screen is named from
 * get_discussions?order=.
 */
export function ProjectChatRoom({ showClient = false }: { showClient?: boolean }) {
  const client = useQueryClient();
  // Admins search orders and clients; clients and staff their own orders by name.
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const [params, setParams] = useSearchParams();
  const order = params.get('order');
  const project = params.get('project');
  const room = useMemo<RoomRef | null>(
    () => (order && project ? { order, project } : null),
    [order, project],
  );
  const [typing, showTyping] = useTypingIndicator();
  const targets = useMemo(() => (room ? [{ kind: 'project' as const, ...room }] : []), [room]);

  const socket = useChatSocket(
    room ? `room:${room.order}:${room.project}` : null,
    targets,
    accessCredentials,
    (frame) => {
      if (!room) return;
      if (frame.type === 'project-message') {
        addRoomMessage(client, room, frame.message);
        showTyping(null);
        if (!frame.message.self && document.visibilityState === 'visible')
          socket.send({ type: 'read', room: frame.room });
      } else if (frame.type === 'typing') showTyping(frame.name);
      else if (frame.type === 'read') setRoomLastSeen(client, room, frame.last_seen);
    },
  );
  const live = socket.status === 'open';
  const discussions = useDiscussions(!live, { search: settled, cursor: pages.cursor });
  const list = discussions.data?.discussions;
  const messages = useRoomMessages(room, !live);
  useRefetchOnOpen(socket.status, messages.refetch);
  const views = useMemo(() => (messages.data?.messages ?? []).map(toView), [messages.data]);
  const nameIn = (discussions: readonly Discussion[] | undefined) =>
    discussions
      ?.flatMap((d) => d.projects.map((p) => ({ ...p, order: d.name })))
      .find((p) => p.id === room?.project);
  const onPage = nameIn(list);
  // Off the page (a mail's link, another page, a search): that one order, asked by id.
  const linked = useDiscussion(room && list && !onPage ? room.order : null);
  const roomName = onPage ?? nameIn(linked.data ? [linked.data] : undefined);
  const socketRoom = socket.rooms[0];
  // A viewer or billing member reads the room; posting speaks for the account (decision 033).
  const mayPost = useAreaAccess('projects', 'write') !== false;

  return (
    <Card style={{ minHeight: 600 }}>
      <Row className="g-0">
        <Col md={4} lg={3} className="border-end">
          <div className="d-flex justify-content-between align-items-center p-2 border-bottom">
            <h2 className="h6 mb-0">Discussions</h2>
            {room && <SocketBadge status={socket.status} />}
          </div>
          <div className="p-2 border-bottom">
            <SearchBox
              label="Search discussions"
              placeholder={showClient ? 'Search by project or client' : 'Search by project name'}
              value={search}
              onChange={setSearch}
              size="sm"
            />
          </div>
          <QueryState
            isPending={discussions.isPending}
            error={discussions.error}
            onRetry={() => discussions.refetch()}
          />
          {list && (
            <DiscussionList
              discussions={list}
              searching={settled.trim() !== ''}
              active={room}
              showClient={showClient}
              onSelect={(next) =>
                setParams((current) => {
                  const copy = new URLSearchParams(current);
                  copy.set('order', next.order);
                  copy.set('project', next.project);
                  return copy;
                })
              }
            />
          )}
          <CursorPager
            label="Discussion pages"
            page={pages.page}
            nextCursor={discussions.data?.nextCursor}
            onNext={pages.next}
            onPrevious={pages.previous}
            busy={discussions.isPlaceholderData}
          />
        </Col>
        <Col md={8} lg={9} className="d-flex flex-column" style={{ height: 600 }}>
          {!room && <p className="text-muted p-4 my-auto text-center">Choose a project to open its chat.</p>}
          {room && (
            <>
              <div className="p-2 border-bottom fw-semibold">
                {roomName ? `${roomName.order} — ${roomName.name}` : 'Project chat'}
              </div>
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
                emptyText="No messages yet. Say hello to the team."
              />
              {mayPost ? (
                <Composer
                  onTyping={() => socketRoom && socket.send({ type: 'typing', room: socketRoom })}
                  onSendText={async (text) =>
                    addRoomMessage(client, room, (await sendToRoom(room, { message: text })).sent)
                  }
                  onSendFile={async (file, onProgress) =>
                    addRoomMessage(client, room, (await sendToRoom(room, { file }, onProgress)).sent)
                  }
                />
              ) : (
                <p className="text-body-secondary small border-top p-3 mb-0" data-testid="chat-read-only">
                  Your role in this account can read this chat but not write in it: ask the owner, an admin or
                  a developer of the account to reply.
                </p>
              )}
            </>
          )}
        </Col>
      </Row>
    </Card>
  );
}
