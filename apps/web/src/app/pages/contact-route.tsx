import { ContactChat } from '../../features/chat/components/contact-chat';
import { ContactPage } from '../../features/site/pages/contact-page';

/** /contact-us, with the chat's visitor panel. */
export function ContactRoute() {
  return <ContactPage Chat={ContactChat} />;
}
