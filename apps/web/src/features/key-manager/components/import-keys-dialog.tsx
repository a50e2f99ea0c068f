import { BULK_LIMITS, IMPORT_COLUMNS, type ImportKeysResponse } from '@app/contract';
import { type ChangeEvent, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useImportKeys } from '../bulk-api';
import { useProductOptions } from '../products-api';
import { BulkProgress } from './bulk-progress';

interface ChosenFile {
  name: string;
  text: string;
}

/** What a dry run said about the file and product it was run on; a new choice of either drops it. */
interface Check {
  file: ChosenFile;
  productId: string;
  reply: ImportKeysResponse;
}

const MAX_MB = BULK_LIMITS.importBytes / (1024 * 1024);

/**
 * Imports keys from a CSV file (decision 032): the file is checked first (a dry run that writes nothing
 * and lists bad rows by line), and only a file without bad rows can then be imported — an import is
 * all or nothing.
 */
export function ImportKeysDialog({ onHide }: { onHide: () => void }) {
  const toast = useToast();
  const run = useImportKeys();
  const products = useProductOptions();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [productId, setProductId] = useState('');
  const [check, setCheck] = useState<Check | null>(null);
  const current = check && check.file === file && check.productId === productId ? check.reply : null;
  const ready = current !== null && current.errorCount === 0 && current.rows > 0;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    run.reset();
    setCheck(null);
    setFile(null);
    const input = event.target;
    const picked = input.files?.[0];
    // Emptied, so choosing the same file again (after fixing it) is a change the input reports.
    input.value = '';
    if (!picked) return;
    if (picked.size > BULK_LIMITS.importBytes) {
      setFileError(`The file must be at most ${MAX_MB} MB`);
      return;
    }
    setFileError(null);
    setFile({ name: picked.name, text: await picked.text() });
  };

  const onSubmit = () => {
    if (!file) {
      setFileError('Choose a CSV file');
      return;
    }
    const body = { csv: file.text, dryRun: !ready, ...(productId ? { productId } : {}) };
    run.mutate(body, {
      onSuccess: (reply) => {
        if (reply.dryRun) {
          setCheck({ file, productId, reply });
          return;
        }
        toast.show({ message: reply.message });
        onHide();
      },
    });
  };

  return (
    <FormDialog
      onHide={run.isPending ? undefined : onHide}
      size="lg"
      title="Import keys from CSV"
      onSubmit={onSubmit}
      error={run.error}
      pending={run.isPending}
      submitLabel={ready ? `Import ${current.rows.toLocaleString('en-US')} keys` : 'Check file'}
      pendingLabel={ready ? 'Importing' : 'Checking'}
    >
      <Form.Group className="mb-3" controlId="import-file">
        <Form.Label>CSV file</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event as ChangeEvent<HTMLInputElement>)}
          isInvalid={fileError !== null}
          aria-invalid={fileError !== null ? true : undefined}
          aria-describedby="import-file-hint"
        />
        <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
        {file && (
          <div className="small mt-1" data-testid="import-chosen-file">
            Chosen: <strong>{file.name}</strong>
          </div>
        )}
        <Form.Text id="import-file-hint" muted>
          A header row, then one key per row (at most {BULK_LIMITS.importRowsMax.toLocaleString('en-US')}{' '}
          rows, {MAX_MB} MB). Columns, in any order:{' '}
          <span className="font-monospace">{IMPORT_COLUMNS.join(', ')}</span>.
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="import-product">
        <Form.Label>Product of rows that name none</Form.Label>
        <Form.Select
          value={productId}
          disabled={!products.data}
          onChange={(event) => setProductId(event.target.value)}
        >
          {products.data?.map((product) => (
            <option key={product.id} value={product.isDefault ? '' : product.id}>
              {product.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {run.isPending && (
        <BulkProgress
          step={run.step}
          label={ready ? 'Importing keys' : 'Checking the file'}
          starting={ready ? 'Importing…' : 'Checking…'}
        />
      )}
      {current && <CheckResult reply={current} />}
    </FormDialog>
  );
}

function CheckResult({ reply }: { reply: ImportKeysResponse }) {
  if (reply.rows === 0) return <Alert variant="warning">The file has no rows below its header.</Alert>;
  if (reply.errorCount === 0) {
    return (
      <Alert variant="success" role="status">
        All {reply.rows.toLocaleString('en-US')} rows are valid. Nothing is written until you import.
      </Alert>
    );
  }
  return (
    <div role="status" data-testid="import-errors">
      <Alert variant="warning">
        {reply.errorCount.toLocaleString('en-US')} of {reply.rows.toLocaleString('en-US')} rows cannot be
        imported
        {reply.errors.length < reply.errorCount && ` (the first ${reply.errors.length} are listed)`}. Fix them
        and choose the file again: nothing is imported while any row is bad.
      </Alert>
      <StackedTable size="sm" className="small align-middle">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {reply.errors.map((error) => (
            <tr key={`${error.line}-${error.field ?? ''}-${error.message}`}>
              <td>{error.line}</td>
              <td className="font-monospace">{error.field ?? '—'}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </StackedTable>
    </div>
  );
}
