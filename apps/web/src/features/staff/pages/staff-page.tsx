import { Card, Col, Container, Row } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { useUserInformation } from '../api';

export function StaffPage() {
  const { data, isPending, error, refetch } = useUserInformation();
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Staff area</h1>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : (
        <Row xs={1} md={2} className="g-3">
          <Col>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  {data.accountInformation.firstName} {data.accountInformation.lastName}
                </Card.Title>
                <Card.Text className="text-muted mb-0">{data.accountInformation.email}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
          <Col>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  Your assignments
                </Card.Title>
                <Card.Text className="mb-0">
                  No projects are assigned to you yet. When an admin assigns you to a project, it appears
                  here.
                </Card.Text>
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
    </Container>
  );
}
