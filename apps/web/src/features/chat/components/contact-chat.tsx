import type { SocketServerMessage } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, ListGroup, Row } from 'react-bootstrap';
import { ApiError } from '../../../lib/api-error';
import {
  addCsMessage,
  csKeys,
  initVisitorChat,
  requestVisitorCode,
  sendVisitorMedia,
  sendVisitorText,
  setCsLastSeen,
  useVisitorMessages,
  verifyVisitorCode,
} from '../cs-api';
import { toView } from '../cs-view';
import { useChatSocket } from '../socket/use-chat-socket';
import { useRefetchOnOpen, useTypingIndicator } from '../socket/use-typing';
import { forgetVisitor, readVisitor, storeVisitor, type VisitorIdentity } from '../visitor-identity';
import { Composer } from './composer';
import { EmailDialog } from './email-dialog';
import { MessageList } from './message-list';
import { SocketBadge } from './socket-badge';
import { VerifyBanner } from './verify-banner';

const CS_TARGETS = [{ kind: 'cs' as const }];

interface ContactChatProps {
  /** The visitor asked to chat (a "Chat with us" button on the page, or the panel's own). */
  asked: boolean;
  onAskedChange: (asked: boolean) => void;
}

/**
 * The visitor chat on /contact-us (docs/product-contract.md §Screens, Customer-service chat room):
 * 600 px area, 450 px list. §States: with no email the 'Enter email' dialog shows, once the visitor asks to
 * chat (not over the Help Center on arrival; the prerendered page therefore never holds it either).
 */
export function ContactChat({ asked, onAskedChange }: ContactChatProps) {
  const client = useQueryClient();
  // Read after the first render: the page is rendered at build time for a visitor without one, and
  // the browser's first render must match it (hydration).
  const [visitor, setVisitor] = useState<VisitorIdentity | null>(null);
  useEffect(() => setVisitor(readVisitor()), []);
  const [changing, setChanging] = useState(false);
  const [typing, showTyping] = useTypingIndicator();
  const key = csKeys.visitor(visitor?.email ?? '');

  const onFrame = (frame: SocketServerMessage) => {
    if (frame.type === 'cs-message') {
      addCsMessage(client, key, frame.message);
      showTyping(null);
      if (frame.message.sender === 'staff' && document.visibilityState === 'visible') {
        socket.send({ type: 'read', room: frame.room });
      }
    } else if (frame.type === 'typing') showTyping('Customer Service');
    else if (frame.type === 'read') setCsLastSeen(client, key, frame.last_seen);
  };
  const socket = useChatSocket(
    visitor ? `visitor:${visitor.token}` : null,
    CS_TARGETS,
    () => (visitor ? { chat_session: visitor.token } : null),
    onFrame,
  );
  const messages = useVisitorMessages(visitor, socket.status !== 'open');
  useRefetchOnOpen(socket.status, messages.refetch, visitor !== null);

  const expired = messages.error instanceof ApiError && messages.error.status === 401;
  // An expired or foreign session: the panel asks for the email again when the visitor wants to chat.
  useEffect(() => {
    if (!expired) return;
    forgetVisitor();
    setVisitor(null);
  }, [expired]);

  const access = async (email: string) => {
    const reply = await initVisitorChat(email, visitor?.email === email ? visitor.token : undefined);
    const identity = { email: reply.email, token: reply.token };
    storeVisitor(identity);
    setVisitor(identity);
    setChanging(false);
  };

  const views = useMemo(
    () => (messages.data?.messages ?? []).map((m) => toView(m, 'visitor')),
    [messages.data],
  );
  const room = socket.rooms[0];

  return (
    <Card className="shadow-sm" aria-label="Customer service chat">
      <Row className="g-0 h-100">
        <Col xs={12} md={4} lg={3} className="border-end">
          <ListGroup variant="flush" aria-label="Contacts">
            <ListGroup.Item active className="d-flex justify-content-between align-items-center">
              <span>Customer Service</span>
              {visitor && <SocketBadge status={socket.status} />}
            </ListGroup.Item>
          </ListGroup>
          {visitor && (
            <div className="p-2 small">
              <div className="text-muted text-truncate" title={visitor.email}>
                You: {visitor.email}
              </div>
              <Button variant="link" size="sm" className="p-0" onClick={() => setChanging(true)}>
                Use another email
              </Button>
            </div>
          )}
        </Col>
        <Col xs={12} md={8} lg={9} className="d-flex flex-column" style={{ height: 600 }}>
          {messages.data?.has_hidden_history && visitor && (
            <VerifyBanner
              onRequestCode={() => requestVisitorCode(visitor)}
              onVerify={async (code) => {
                await verifyVisitorCode(visitor, code);
                await messages.refetch();
              }}
            />
          )}
          {messages.error && !expired && (
            <div className="alert alert-danger m-2 mb-0 small">Could not load messages. Retrying…</div>
          )}
          <MessageList
            messages={views}
            lastSeen={messages.data?.last_seen ?? null}
            typing={typing}
            mediaHeaders={visitor ? { 'x-chat-session': visitor.token } : {}}
            emptyText={
              messages.isPending && visitor
                ? 'Loading messages…'
                : 'Say hello — we usually answer within minutes.'
            }
          />
          {visitor ? (
            <Composer
              onTyping={() => room && socket.send({ type: 'typing', room })}
              onSendText={async (text) => {
                const reply = await sendVisitorText(visitor, text);
                addCsMessage(client, key, reply.sent);
              }}
              onSendFile={async (file, onProgress) => {
                const reply = await sendVisitorMedia(visitor, file, onProgress);
                addCsMessage(client, key, reply.sent);
              }}
            />
          ) : (
            <div className="border-top p-3 d-flex flex-wrap align-items-center justify-content-between gap-2">
              <span className="text-muted">Enter your email to start chatting with our team.</span>
              <Button onClick={() => onAskedChange(true)}>Start chat</Button>
            </div>
          )}
        </Col>
      </Row>
      <EmailDialog
        show={(!visitor && asked) || changing}
        onAccess={access}
        onClose={() => (visitor ? setChanging(false) : onAskedChange(false))}
      />
    </Card>
  );
}
