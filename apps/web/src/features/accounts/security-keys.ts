/** Query keys of the verification status and the Sessions tab (security-api.ts); the link's page reads one. */
export const VERIFICATION_KEY = ['email-verification'] as const;
export const SESSIONS_KEY = ['user-sessions'] as const;
