/**
 * Suggestions for the free-text security question (sign-up and Settings offer them; users may write
 * their own). The forgot-password dialog also picks from them for an email with no account, so
 * that the answer does not reveal whether an account exists.
 */
export const COMMON_SECURITY_QUESTIONS: readonly string[] = [
  'What was the name of your first pet?',
  'In which city were you born?',
  'What was the name of your primary school?',
  "What is your mother's maiden name?",
  'What was the model of your first car?',
  'What is the name of the street you grew up on?',
];
