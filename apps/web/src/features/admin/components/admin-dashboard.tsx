import { Card, Col, Row } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useAdminOverview } from '../api';
import { ProjectsOverview } from '../projects/projects-overview';

const USER_TYPE_LABELS = { c: 'Client', e: 'Staff', a: 'Admin' } as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <Card.Title as="h3" className="h6 text-muted text-uppercase">
          {label}
        </Card.Title>
        <p className="display-6 mb-0">{value}</p>
      </Card.Body>
    </Card>
  );
}

export function AdminDashboard() {
  const { data, isPending, error, refetch } = useAdminOverview();
  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;

  return (
    <section aria-labelledby="admin-dashboard-title">
      <h2 id="admin-dashboard-title" className="h4 mb-3">
        Dashboard
      </h2>
      <Row xs={2} sm={4} className="g-3 mb-4">
        <Col>
          <Counter label="Clients" value={data.clients} />
        </Col>
        <Col>
          <Counter label="Agents" value={data.agents} />
        </Col>
        <Col>
          <Counter label="Staff" value={data.staff} />
        </Col>
        <Col>
          <Counter label="Admins" value={data.admins} />
        </Col>
      </Row>
      <ProjectsOverview />
      <h3 className="h5">Recent sign-ups</h3>
      {data.recentSignups.length === 0 ? (
        <p className="text-muted">Nobody has signed up yet.</p>
      ) : (
        <StackedTable responsive striped hover className="bg-white">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Type</th>
              <th scope="col">Signed up</th>
            </tr>
          </thead>
          <tbody>
            {data.recentSignups.map((user) => (
              <tr key={user.email}>
                <td>
                  {user.firstName} {user.lastName}
                </td>
                <td>{user.email}</td>
                <td>{user.agent ? 'Agent' : USER_TYPE_LABELS[user.userType]}</td>
                <td>
                  {Number.isNaN(Date.parse(user.createdAt))
                    ? user.createdAt
                    : dateFormat.format(new Date(user.createdAt))}
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </section>
  );
}
