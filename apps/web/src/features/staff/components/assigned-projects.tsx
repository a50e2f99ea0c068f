import { useState } from 'react';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAssignedProjects } from '../projects-api';
import { AssignedProjectCard } from './assigned-project-card';

/**
 * The staff member's assigned projects (an admin assigns them under Projects), newest order first, a
 * page at a time, searched by name on the server.
 */
export function AssignedProjects() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const { data, isPending, error, refetch, isPlaceholderData } = useAssignedProjects({
    search: settled,
    cursor: pages.cursor,
  });
  const searching = settled.trim() !== '';
  return (
    <section aria-labelledby="assigned-title" className="mt-4">
      <h2 id="assigned-title" className="h4 mb-3">
        Your assignments
      </h2>
      {(searching || (data?.projects.length ?? 0) > 0 || pages.page > 1) && (
        <SearchBox
          label="Search assignments"
          placeholder="Search by project name"
          value={search}
          onChange={setSearch}
          narrow
          className="mb-3"
        />
      )}
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.projects.length === 0 && searching ? (
        <p className="text-muted">No assigned project matches this search.</p>
      ) : data.projects.length === 0 ? (
        <p className="text-muted">
          No projects are assigned to you yet. When an admin assigns you to a project, it appears here.
        </p>
      ) : (
        <div className="d-grid gap-3">
          {data.projects.map((project) => (
            <AssignedProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
      <CursorPager
        label="Assignment pages"
        page={pages.page}
        nextCursor={data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={isPlaceholderData}
      />
    </section>
  );
}
