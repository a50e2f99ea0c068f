import { Col, Row } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';

/** The card inputs both sandbox card forms ask for (checkout and the renewal card update). */
export type CardFieldName = 'cardNumber' | 'expiry' | 'cvc' | 'firstName' | 'lastName';

interface CardFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  register: (name: CardFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<CardFieldName, { message?: string }>>;
}

export function CardFields({ idPrefix, register, errors }: CardFieldsProps) {
  return (
    <>
      <TextField
        controlId={`${idPrefix}-number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        registration={register('cardNumber')}
        error={errors.cardNumber?.message}
      />
      <Row>
        <Col>
          <TextField
            controlId={`${idPrefix}-expiry`}
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            placeholder="12/30"
            registration={register('expiry')}
            error={errors.expiry?.message}
          />
        </Col>
        <Col>
          <TextField
            controlId={`${idPrefix}-cvc`}
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            registration={register('cvc')}
            error={errors.cvc?.message}
          />
        </Col>
      </Row>
      <Row>
        <Col>
          <TextField
            controlId={`${idPrefix}-first-name`}
            label="First name"
            autoComplete="given-name"
            registration={register('firstName')}
            error={errors.firstName?.message}
          />
        </Col>
        <Col>
          <TextField
            controlId={`${idPrefix}-last-name`}
            label="Last name"
            autoComplete="family-name"
            registration={register('lastName')}
            error={errors.lastName?.message}
          />
        </Col>
      </Row>
    </>
  );
}
