import type { SharedFile } from '@app/contract';
import { formatMoment } from '../../lib/project-format';
import { filePath } from '../../lib/protected-file';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { CursorPager } from '../cursor-pager';
import { DownloadButton } from '../download-button';
import { QueryState } from '../query-state';
import { formatSize } from './deliverable-list';
import { useProjectFiles } from './deliverables-api';

const SOURCE_WORDS: Record<SharedFile['source'], string> = {
  request: 'Request',
  chat: 'Chat',
  deliverable: 'Deliverable',
};

/**
 * Every file shared on a project (its request, its chat, its deliverables), newest first, a page at a
 * time from the server: each with where and by whom it was shared, when, and its download.
 */
export function ProjectFilesList({ projectID }: { projectID: string }) {
  const pages = useCursorPages(projectID);
  const files = useProjectFiles(projectID, pages.cursor);
  const data = files.data;
  if (!data) {
    return (
      <QueryState isPending={files.isPending} error={files.error} onRetry={() => void files.refetch()} />
    );
  }
  if (data.files.length === 0 && pages.page === 1) {
    return <p className="small text-body-secondary mb-0">No file was shared on this project yet.</p>;
  }
  return (
    <>
      <ul className="list-unstyled mb-0 small" aria-label="Project files">
        {data.files.map((file) => (
          <li
            key={file.id}
            className="d-flex flex-wrap align-items-center gap-2 border-bottom py-2 text-break"
          >
            <DownloadButton
              size="sm"
              path={filePath(file.id)}
              fileName={file.name}
              failure={`${file.name} could not be downloaded. Try again.`}
            >
              {file.name}
            </DownloadButton>
            <span className="text-body-secondary">
              {SOURCE_WORDS[file.source]}
              {file.source === 'deliverable'
                ? `: ${file.context}`
                : file.source === 'request'
                  ? ` (${file.context})`
                  : ''}{' '}
              · {formatSize(file.size)} · {file.sharedBy?.name ?? 'Someone'}, {formatMoment(file.sharedAt)}
            </span>
          </li>
        ))}
      </ul>
      <CursorPager
        label="Project files pages"
        page={pages.page}
        nextCursor={data.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={files.isFetching && files.isPlaceholderData}
      />
    </>
  );
}
