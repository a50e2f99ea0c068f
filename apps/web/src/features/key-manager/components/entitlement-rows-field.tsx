import { ENTITLEMENT_LIMITS } from '@app/contract';
import { Button, Col, Form, Row } from 'react-bootstrap';
import {
  type EntitlementKind,
  type EntitlementRow,
  emptyEntitlementRow,
} from '../licensing/entitlement-rows';

const KINDS: Record<EntitlementKind, string> = { text: 'Text', number: 'Number', boolean: 'Yes / no' };

/**
 * Entitlements as name/value rows (`seats` = 5, `pro` = true): each row says what kind its value is, so
 * "5" can be the number or the text. `invalidRow` marks the row a refusal is about; `error` is shown
 * under the rows.
 */
export function EntitlementRowsField({
  idPrefix,
  rows,
  onChange,
  error,
  invalidRow,
}: {
  idPrefix: string;
  rows: EntitlementRow[];
  onChange: (rows: EntitlementRow[]) => void;
  error?: string | undefined;
  invalidRow?: number | undefined;
}) {
  const errorId = `${idPrefix}-error`;
  const set = (index: number, change: Partial<EntitlementRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="mb-3" aria-describedby={`${idPrefix}-hint${error ? ` ${errorId}` : ''}`}>
      <legend className="fs-6 fw-semibold mb-1">Entitlements</legend>
      <Form.Text id={`${idPrefix}-hint`} muted className="d-block mb-2">
        What a key of this policy unlocks, copied into every key and certificate. Names: letters, digits, dot,
        dash, underscore; at most {ENTITLEMENT_LIMITS.entries}.
      </Form.Text>
      {rows.map((row, index) => {
        const number = index + 1;
        const invalid = invalidRow === index;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: every input is controlled, so after a removal each row shows its own values
          <Row className="g-2 mb-2 align-items-center" key={index} data-testid={`${idPrefix}-row-${number}`}>
            <Col sm={4}>
              <Form.Control
                aria-label={`Entitlement ${number} name`}
                placeholder="Name"
                value={row.name}
                isInvalid={invalid}
                onChange={(event) => set(index, { name: event.target.value })}
              />
            </Col>
            <Col sm={3}>
              <Form.Select
                aria-label={`Entitlement ${number} type`}
                value={row.kind}
                onChange={(event) => {
                  const kind = event.target.value as EntitlementKind;
                  set(index, { kind, value: kind === 'boolean' ? 'true' : row.value });
                }}
              >
                {(Object.keys(KINDS) as EntitlementKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {KINDS[kind]}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col sm={3}>
              {row.kind === 'boolean' ? (
                <Form.Select
                  aria-label={`Entitlement ${number} value`}
                  value={row.value}
                  isInvalid={invalid}
                  onChange={(event) => set(index, { value: event.target.value })}
                >
                  <option value="true">true</option>
                  <option value="false">false</option>
                </Form.Select>
              ) : (
                <Form.Control
                  aria-label={`Entitlement ${number} value`}
                  placeholder="Value"
                  inputMode={row.kind === 'number' ? 'decimal' : undefined}
                  value={row.value}
                  isInvalid={invalid}
                  onChange={(event) => set(index, { value: event.target.value })}
                />
              )}
            </Col>
            <Col sm={2}>
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              >
                Remove<span className="visually-hidden"> entitlement {number}</span>
              </Button>
            </Col>
          </Row>
        );
      })}
      <Button
        variant="outline-primary"
        size="sm"
        disabled={rows.length >= ENTITLEMENT_LIMITS.entries}
        onClick={() => onChange([...rows, emptyEntitlementRow()])}
      >
        Add entitlement
      </Button>
      {error && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
