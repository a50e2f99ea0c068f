// The staff area reads the signed-in user's own information; it is the accounts feature's public hook.
export { useUserInformation } from '../accounts/api';
