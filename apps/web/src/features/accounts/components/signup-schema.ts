import { ZSignupData } from '@app/contract';
import type { z } from 'zod';

/**
 * The form edits the contract's signup `data`; the passwords must match (the server checks the same
 * rule, so checking here only saves a round trip).
 */
export const ZSignupForm = ZSignupData.refine((data) => data.password === data.confirmationPassword, {
  message: 'Passwords do not match',
  path: ['confirmationPassword'],
});
export type SignupFormInput = z.input<typeof ZSignupForm>;
export type SignupFormValues = z.output<typeof ZSignupForm>;

export const SIGNUP_DEFAULTS: SignupFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmationPassword: '',
  rememberMe: false,
  agree: true,
  securityQuestion: '',
  securityQuestionAnswer: '',
};
