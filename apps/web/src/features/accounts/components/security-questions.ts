/** The suggestions live in the contract: the server's forgot-password dialog uses them too. */
export { COMMON_SECURITY_QUESTIONS } from '@app/contract';

export const SECURITY_QUESTIONS_LIST_ID = 'common-security-questions';
