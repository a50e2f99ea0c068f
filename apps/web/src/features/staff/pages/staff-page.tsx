import { type ReactNode, useEffect } from 'react';
import { Card, Container } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useUserInformation } from '../../../lib/user-information';
import { AssignedProjects } from '../components/assigned-projects';

/** /company/staff: who is signed in, the projects assigned to them and, for customer-service staff, the chat. */
export function StaffPage({
  customerService,
  security,
  notifications,
}: {
  customerService: ReactNode;
  security?: ReactNode;
  /** The mail choices of the notification centre; reached at `#notifications`. */
  notifications?: ReactNode;
}) {
  const { data, isPending, error, refetch } = useUserInformation();
  const { hash } = useLocation();
  // A mail's "choose which mails you get" link names the section; it renders after the page loads.
  useEffect(() => {
    if (hash === '#notifications') document.getElementById('notifications')?.scrollIntoView();
  }, [hash]);
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Staff area</h1>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : (
        <Card className="shadow-sm">
          <Card.Body>
            <Card.Title as="h2" className="h5">
              {data.accountInformation.firstName} {data.accountInformation.lastName}
            </Card.Title>
            <Card.Text className="text-muted mb-0">{data.accountInformation.email}</Card.Text>
          </Card.Body>
        </Card>
      )}
      <AssignedProjects />
      {data?.customerService && customerService}
      {security && <div className="mt-4">{security}</div>}
      {notifications && (
        <div id="notifications" className="mt-4">
          {notifications}
        </div>
      )}
    </Container>
  );
}
