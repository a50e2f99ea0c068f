import { overallProgress, type Project } from '@app/contract';
import { ProgressBar } from 'react-bootstrap';

type ProgressParts = Pick<Project, 'frontendProgress' | 'backendProgress' | 'databaseProgress'>;

function Bar({ label, value, variant }: { label: string; value: number | null; variant?: string }) {
  return (
    <div className="mb-2">
      <div className="d-flex justify-content-between small">
        <span>{label}</span>
        <span>{value === null ? 'Not reported' : `${value}%`}</span>
      </div>
      <ProgressBar
        now={value ?? 0}
        variant={variant}
        aria-label={`${label} progress`}
        style={{ height: 10 }}
      />
    </div>
  );
}

/**
 * docs/product-contract.md §Screens (Projects page, More Info): frontend, backend and database progress
 * (each out of 100) and the overall figure.
 */
export function ProgressBars({ project }: { project: ProgressParts }) {
  const overall = overallProgress(project);
  return (
    <section aria-label="Development progress">
      <Bar label="Frontend" value={project.frontendProgress} />
      <Bar label="Backend" value={project.backendProgress} variant="info" />
      <Bar label="Database" value={project.databaseProgress} variant="warning" />
      <p className="mb-0 fw-semibold">
        Overall progress: {overall === null ? 'Data not available' : `${overall}%`}
      </p>
      {overall !== null && (
        <ProgressBar now={overall} variant="success" label={`${overall}%`} aria-label="Overall progress" />
      )}
    </section>
  );
}
