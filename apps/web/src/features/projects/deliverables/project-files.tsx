import { useId } from 'react';
import { ProjectFilesList } from '../../../components/deals/project-files-list';

/**
 * The project card's Files (decision 035, amended 2026-11-28): every file shared on the project — the
 * request's proposal and designs, the chat's attachments, the deliverables — newest first, a page at a
 * time. Mounted only while the card's details are open, so a list of cards asks nothing until then.
 */
export function ProjectFiles({ projectID }: { projectID: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 className="h6 mt-3" id={headingId}>
        Files
      </h4>
      <ProjectFilesList projectID={projectID} />
    </section>
  );
}
