import type { UserType } from '@app/contract';

/** Where each role chooses its notification mails (the API's mails link the same places). */
export function notificationSettingsPath(userType: UserType | null): string {
  if (userType === 'a') return '/company/admin?section=notifications';
  if (userType === 'e') return '/company/staff#notifications';
  return '/profile?tab=notifications';
}
