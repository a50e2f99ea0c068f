import { COMMON_SECURITY_QUESTIONS, SECURITY_QUESTIONS_LIST_ID } from './security-questions';

export function SecurityQuestionDatalist() {
  return (
    <datalist id={SECURITY_QUESTIONS_LIST_ID}>
      {COMMON_SECURITY_QUESTIONS.map((question) => (
        <option key={question} value={question} />
      ))}
    </datalist>
  );
}
