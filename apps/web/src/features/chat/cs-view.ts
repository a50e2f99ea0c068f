import type { CsMessage } from '@app/contract';
import type { ChatMessageView } from './components/message-list';

/** A customer-service message for the list; `mySender` is the reader's side. */
export const toView = (m: CsMessage, mySender: CsMessage['sender']): ChatMessageView => ({
  ...m,
  mine: m.sender === mySender,
  at: m.datetime,
});
