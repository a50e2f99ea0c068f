import type { AppDeps } from '../../platform/deps.js';
import type { SeedStep } from '../../platform/seed/seed.js';
import type { NewAccount } from './service.js';

/** Demo accounts documented in the README, so a new install can be tried at once. */
export const DEMO_ACCOUNTS: NewAccount[] = [
  {
    username: 'Ada Okafor',
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'client@demo.test',
    password: 'demo-client-pass',
    securityQuestion: 'What was the name of your first pet?',
    securityQuestionAnswer: 'Biscuit',
    userType: 'c',
  },
  {
    username: 'Marco Lindqvist',
    firstName: 'Marco',
    lastName: 'Lindqvist',
    email: 'staff@demo.test',
    password: 'demo-staff-pass',
    securityQuestion: 'In which city were you born?',
    securityQuestionAnswer: 'Gothenburg',
    userType: 'e',
    designation: 'Full-stack developer',
  },
];

export function accountSeed(deps: Pick<AppDeps, 'accounts'>): SeedStep {
  return {
    name: 'demo-accounts',
    async run() {
      for (const account of DEMO_ACCOUNTS) {
        if (!(await deps.accounts.findByEmail(account.email))) await deps.accounts.createAccount(account);
      }
    },
  };
}
