import { DownloadButton } from '../../../../components/download-button';

interface CsvDownloadButtonProps {
  /** The CSV's API path with the view's filters (analyticsCsvPath, requestLogCsvPath). */
  path: string;
  fileName: string;
  /** What the file holds, said to screen readers after "CSV": " of the top keys". */
  what: string;
}

/** A view's CSV, through the app's one authenticated download (components/download-button.tsx). */
export function CsvDownloadButton({ path, fileName, what }: CsvDownloadButtonProps) {
  return (
    <DownloadButton
      path={path}
      fileName={fileName}
      size="sm"
      hiddenLabel={` ${what}`}
      failure="The CSV could not be downloaded. Try again."
    >
      CSV
    </DownloadButton>
  );
}
