/** Suggestions for the free-text security question field; users may write their own. */
export const COMMON_SECURITY_QUESTIONS: readonly string[] = [
  'What was the name of your first pet?',
  'In which city were you born?',
  'What was the name of your primary school?',
  "What is your mother's maiden name?",
  'What was the model of your first car?',
  'What is the name of the street you grew up on?',
];

export const SECURITY_QUESTIONS_LIST_ID = 'common-security-questions';
