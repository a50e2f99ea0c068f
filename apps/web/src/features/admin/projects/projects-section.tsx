import { PROJECT_STATUSES, type ProjectStatus } from '@app/contract';
import { useState } from 'react';
import { Accordion, Form } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { StatusBadge } from '../../../components/projects/status-badge';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminProjects } from './api';
import { ProjectManager } from './project-manager';

/**
 * Admin Projects (docs/product-contract.md §Screens, §Calls): a page at a time, searched and filtered on
 * the server; manage each in its own panel.
 */
export function ProjectsSection() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProjectStatus | ''>('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(`${settled}|${status}`);
  const list = useAdminProjects({ search: settled, status: status || undefined, cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const data = list.data?.projects;
  return (
    <section aria-labelledby="admin-projects-title">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h2 id="admin-projects-title" className="h4 mb-0 me-auto">
          Projects
        </h2>
        <SearchBox
          label="Search projects"
          placeholder="Search by project, client or status"
          value={search}
          onChange={setSearch}
          narrow
        />
        <Form.Select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.target.value as ProjectStatus | '')}
          style={{ maxWidth: 220 }}
        >
          <option value="">Every status</option>
          {PROJECT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Form.Select>
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-muted">
          {search || status ? 'No project matches this search.' : 'No project requests yet.'}
        </p>
      ) : (
        <Accordion alwaysOpen>
          {data.map((project) => (
            <Accordion.Item key={project.id} eventKey={project.id}>
              <Accordion.Header>
                <span className="d-flex flex-wrap align-items-center gap-2 w-100 me-3">
                  <strong>{project.name}</strong>
                  <span className="text-muted small">
                    {project.type} · {project.order.client.name} ({project.order.client.email})
                  </span>
                  <span className="ms-auto">
                    <StatusBadge status={project.status} />
                  </span>
                </span>
              </Accordion.Header>
              <Accordion.Body className="bg-light">
                <ProjectManager project={project} />
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <CursorPager
        label="Project pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </section>
  );
}
