import type { SocketClientMessage, SocketServerMessage, SocketTarget } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { ChatSocket, type SocketStatus } from '../../../lib/chat-socket';

export interface ChatSocketState {
  status: SocketStatus;
  rooms: string[];
  send: (frame: SocketClientMessage) => void;
}

/**
 * Keeps one socket open for the given targets while mounted. `key` identifies the targets and
 * credentials: when it changes the socket is replaced. Frames go to the latest `onFrame`.
 */
export function useChatSocket(
  key: string | null,
  targets: readonly SocketTarget[],
  credentials: () => { access?: string; chat_session?: string } | null,
  onFrame: (frame: SocketServerMessage) => void,
): ChatSocketState {
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [rooms, setRooms] = useState<string[]>([]);
  const socketRef = useRef<ChatSocket | null>(null);
  const latest = useRef({ onFrame, credentials, targets });
  latest.current = { onFrame, credentials, targets };

  useEffect(() => {
    if (key === null) {
      setStatus('offline');
      return;
    }
    const socket = new ChatSocket({
      credentials: () => latest.current.credentials(),
      targets: latest.current.targets,
      onFrame: (frame) => latest.current.onFrame(frame),
      onStatus: setStatus,
      onRooms: setRooms,
    });
    socketRef.current = socket;
    socket.start();
    return () => {
      socket.stop();
      socketRef.current = null;
      setRooms([]);
    };
  }, [key]);

  return { status, rooms, send: (frame) => socketRef.current?.send(frame) };
}
