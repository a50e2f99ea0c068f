import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';

type CustomerPart = 'name' | 'email' | 'ref';

/** The licensee a key is issued to: name, email and the developer's own customer ID, each optional. */
export function CustomerFields({
  idPrefix,
  registrations,
  errors,
  legend = 'Customer (optional)',
}: {
  idPrefix: string;
  registrations: Record<CustomerPart, UseFormRegisterReturn>;
  errors: Partial<Record<CustomerPart, string | undefined>>;
  legend?: string | null;
}) {
  const fields = (
    <>
      <TextField
        controlId={`${idPrefix}-customer-name`}
        label="Customer name"
        autoComplete="off"
        registration={registrations.name}
        error={errors.name}
      />
      <TextField
        controlId={`${idPrefix}-customer-email`}
        label="Customer email"
        type="email"
        autoComplete="off"
        registration={registrations.email}
        error={errors.email}
      />
      <TextField
        controlId={`${idPrefix}-customer-ref`}
        label="Customer ID"
        autoComplete="off"
        hint="Your own ID for this customer (e.g. from your shop)."
        registration={registrations.ref}
        error={errors.ref}
      />
    </>
  );
  if (legend === null) return fields;
  return (
    <fieldset>
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {fields}
    </fieldset>
  );
}
