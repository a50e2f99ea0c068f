import type { AppDeps } from '../../app-deps.js';
import type { DemoPasswordOf } from '../../platform/seed/demo-login-store.js';
import type { SeedStep } from '../../platform/seed/seed.js';
import type { NewAccount } from '../../ports/accounts.js';

/**
 * Demo accounts documented in the README, so a new install can be tried at once. Their passwords
 * are generated per install (`demo-logins.ts`), never published.
 */
export const DEMO_ACCOUNTS: Omit<NewAccount, 'password'>[] = [
  {
    username: 'Ada Okafor',
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'client@demo.test',
    securityQuestion: 'What was the name of your first pet?',
    securityQuestionAnswer: 'Biscuit',
    userType: 'c',
  },
  {
    username: 'Marco Lindqvist',
    firstName: 'Marco',
    lastName: 'Lindqvist',
    email: 'staff@demo.test',
    securityQuestion: 'In which city were you born?',
    securityQuestionAnswer: 'Gothenburg',
    userType: 'e',
    designation: 'Full-stack developer',
  },
];

export function accountSeed(deps: Pick<AppDeps, 'accounts'>, passwordOf: DemoPasswordOf): SeedStep {
  return {
    name: 'demo-accounts',
    async run() {
      for (const account of DEMO_ACCOUNTS) {
        if (!(await deps.accounts.findByEmail(account.email)))
          await deps.accounts.createAccount({ ...account, password: passwordOf(account.email) });
      }
    },
  };
}
