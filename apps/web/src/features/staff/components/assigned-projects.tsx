import { QueryState } from '../../../app/layout/query-state';
import { useAssignedProjects } from '../projects-api';
import { AssignedProjectCard } from './assigned-project-card';

/** The staff member's assigned projects; an admin assigns them under Projects. */
export function AssignedProjects() {
  const { data, isPending, error, refetch } = useAssignedProjects();
  return (
    <section aria-labelledby="assigned-title" className="mt-4">
      <h2 id="assigned-title" className="h4 mb-3">
        Your assignments
      </h2>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-muted">
          No projects are assigned to you yet. When an admin assigns you to a project, it appears here.
        </p>
      ) : (
        <div className="d-grid gap-3">
          {data.map((project) => (
            <AssignedProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
    </section>
  );
}
