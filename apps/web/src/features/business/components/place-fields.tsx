import { useMemo } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { ComboboxField } from '../../../components/combobox-field';
import { useCountries } from '../../../lib/countries';
import { useStates } from '../api';

interface PlaceFieldsProps {
  idPrefix: string;
  country: string;
  state: string;
  onChange: (patch: { country?: string; state?: string }) => void;
  errors: Record<string, string>;
}

/**
 * Country and state (docs/product-contract.md §Calls, countries and states): the country typed and
 * picked from a list that filters as you type (some 250 names), then the states loaded for it.
 */
export function PlaceFields({ idPrefix, country, state, onChange, errors }: PlaceFieldsProps) {
  const countries = useCountries();
  const options = useMemo(
    () => countries.data?.map((c) => ({ value: c.id, label: c.name })) ?? [],
    [countries.data],
  );
  const states = useStates(country);
  const noStates = Boolean(country) && states.data?.length === 0;
  return (
    <Row className="g-3 mb-3">
      <Col md={6}>
        <ComboboxField
          controlId={`${idPrefix}-country`}
          label="Country"
          options={options}
          value={country}
          onChange={(next) => {
            if (next !== country) onChange({ country: next, state: '' });
          }}
          placeholder={countries.isError ? 'Countries could not be loaded' : 'Type to find a country'}
          disabled={!countries.data}
          error={errors.country}
          autoComplete="off"
        />
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
