/**
 * The pages a link opens without the profile's code: log-out, the verification mail's link and the
 * invitation mail's link (decision 033). One lazy module for the three keeps the route tree (in the
 * first JavaScript of every page) small: each lazy route adds its chunk's preload list to it.
 */
export { LogoutPage } from '../../features/accounts/pages/logout-page';
export { VerifyEmailPage } from '../../features/accounts/pages/verify-email-page';
export { InvitationPage } from '../../features/teams/pages/invitation-page';
