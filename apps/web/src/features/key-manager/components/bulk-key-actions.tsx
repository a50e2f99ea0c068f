import type { ExportKeysQuery } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { downloadProtectedFile } from '../../../lib/protected-file';
import { exportKeysPath } from '../bulk-api';
import { ImportKeysDialog } from './import-keys-dialog';
import { IssueKeysDialog } from './issue-keys-dialog';

/** Issue keys, Import CSV and Export CSV (decision 032); the export takes the list's filters. */
export function BulkKeyActions({ exportQuery }: { exportQuery: ExportKeysQuery }) {
  const toast = useToast();
  const [open, setOpen] = useState<'issue' | 'import' | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportKeys = async () => {
    setExporting(true);
    try {
      // The bearer token must go with it: fetched, then saved from memory (lib/protected-file.ts).
      await downloadProtectedFile(exportKeysPath(exportQuery), 'licence-keys.csv');
    } catch (error) {
      toast.show({ variant: 'danger', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button variant="outline-primary" onClick={() => setOpen('issue')} className="text-nowrap">
        Issue keys
      </Button>
      <Button variant="outline-secondary" onClick={() => setOpen('import')} className="text-nowrap">
        Import CSV
      </Button>
      <Button
        variant="outline-secondary"
        onClick={() => void exportKeys()}
        disabled={exporting}
        className="text-nowrap"
        title="The keys of the chosen product and customer (and only disabled ones when the list shows those)"
      >
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
      {open === 'issue' && <IssueKeysDialog onHide={() => setOpen(null)} />}
      {open === 'import' && <ImportKeysDialog onHide={() => setOpen(null)} />}
    </>
  );
}
