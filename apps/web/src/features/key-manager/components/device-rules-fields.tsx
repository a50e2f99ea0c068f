import { DEVICE_LIMITS } from '@app/contract';
import { Col, Form, Row } from 'react-bootstrap';
import { ApiError } from '../../../lib/api-error';

export type RuleName = 'leaseSeconds' | 'transfersPer30Days' | 'transferIdleSeconds';
export type RuleTexts = Record<RuleName, string>;

const RULES: { name: RuleName; label: string; hint: string; max: number }[] = [
  {
    name: 'leaseSeconds',
    label: 'Lease (seconds)',
    hint: `0 = permanent. Otherwise a device that sends no heartbeat within it loses its slot (at least ${DEVICE_LIMITS.leaseSecondsMin}).`,
    max: DEVICE_LIMITS.leaseSecondsMax,
  },
  {
    name: 'transfersPer30Days',
    label: 'Self-serve transfers per 30 days',
    hint: '0 = off. At the limit, a new device may take the slot of the least recently seen one.',
    max: DEVICE_LIMITS.transfersPer30DaysMax,
  },
  {
    name: 'transferIdleSeconds',
    label: 'Idle before transfer (seconds)',
    hint: 'How long the device given up must have been unseen.',
    max: DEVICE_LIMITS.transferIdleSecondsMax,
  },
];

/** The three device rules as number inputs; `placeholder` per rule says what an empty field means. */
export function DeviceRulesFields({
  idPrefix,
  values,
  onChange,
  placeholders,
  invalidField,
}: {
  idPrefix: string;
  values: RuleTexts;
  onChange: (values: RuleTexts) => void;
  placeholders?: Partial<RuleTexts>;
  invalidField?: string | undefined;
}) {
  return (
    <Row className="g-3">
      {RULES.map((rule) => (
        <Col md={4} key={rule.name}>
          <Form.Group controlId={`${idPrefix}-${rule.name}`}>
            <Form.Label>{rule.label}</Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={rule.max}
              inputMode="numeric"
              value={values[rule.name]}
              placeholder={placeholders?.[rule.name]}
              isInvalid={invalidField === rule.name}
              aria-invalid={invalidField === rule.name ? true : undefined}
              aria-describedby={`${idPrefix}-${rule.name}-hint`}
              onChange={(event) => onChange({ ...values, [rule.name]: event.target.value })}
            />
            <Form.Text id={`${idPrefix}-${rule.name}-hint`} muted>
              {rule.hint}
            </Form.Text>
          </Form.Group>
        </Col>
      ))}
    </Row>
  );
}

/** The field a server failure names, when it is one of the rules. */
export function ruleField(error: unknown): RuleName | undefined {
  const field = error instanceof ApiError ? error.field : undefined;
  return RULES.find((rule) => rule.name === field)?.name;
}
