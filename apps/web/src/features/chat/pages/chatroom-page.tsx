import { Container } from 'react-bootstrap';
import { ProjectChatRoom } from '../components/project-chat-room';

/** /chatroom: the signed-in user's project chat rooms (docs/product-contract.md §Screens). */
export function ChatroomPage() {
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Chat room</h1>
      <ProjectChatRoom />
    </Container>
  );
}
