import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Shows a server refusal under the input it is about: when the API names a field (`ApiError.field`,
 * e.g. "data.email") that this form has, the sentence becomes that field's error. `toFormField` maps
 * the API's path to the form's field name (undefined when the form has no such input); pass a
 * module-level function so it is the same on every render. Returns true while the error is shown on
 * a field, so the form's top alert need not repeat it.
 */
export function useServerFieldError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  toFormField: (apiField: string) => Path<T> | undefined,
): boolean {
  useEffect(() => {
    // Each failed submit is a new error object, so a repeated refusal is shown again.
    if (!(error instanceof ApiError) || !error.field) return;
    const name = toFormField(error.field);
    if (name) setError(name, { type: 'server', message: error.message }, { shouldFocus: true });
  }, [error, setError, toFormField]);
  return error instanceof ApiError && error.field !== undefined && toFormField(error.field) !== undefined;
}
