import { Col, Form, Row } from 'react-bootstrap';
import { useCountries, useStates } from '../api';

interface PlaceFieldsProps {
  idPrefix: string;
  country: string;
  state: string;
  onChange: (patch: { country?: string; state?: string }) => void;
  errors: Record<string, string>;
}

/** Country and state selects (spec §7 countries / states), the states loaded for the chosen country. */
export function PlaceFields({ idPrefix, country, state, onChange, errors }: PlaceFieldsProps) {
  const countries = useCountries();
  const states = useStates(country);
  const noStates = Boolean(country) && states.data?.length === 0;
  return (
    <Row className="g-3 mb-3">
      <Col md={6}>
        <Form.Group controlId={`${idPrefix}-country`}>
          <Form.Label>Country</Form.Label>
          <Form.Select
            value={country}
            onChange={(e) => onChange({ country: e.target.value, state: '' })}
            isInvalid={Boolean(errors.country)}
            disabled={!countries.data}
          >
            <option value="">
              {countries.isError ? 'Countries could not be loaded' : 'Choose a country…'}
            </option>
            {countries.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.country}</Form.Control.Feedback>
        </Form.Group>
      </Col>
      <Col md={6}>
        <Form.Group controlId={`${idPrefix}-state`}>
          <Form.Label>State</Form.Label>
          <Form.Select
            value={state}
            onChange={(e) => onChange({ state: e.target.value })}
            isInvalid={Boolean(errors.state)}
            disabled={!country || !states.data || noStates}
          >
            <option value="">
              {!country
                ? 'Choose a country first'
                : noStates
                  ? 'No states'
                  : states.isPending
                    ? 'Loading…'
                    : 'Choose a state…'}
            </option>
            {states.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.state}</Form.Control.Feedback>
        </Form.Group>
      </Col>
    </Row>
  );
}
