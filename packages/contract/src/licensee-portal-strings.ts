/**
 * Every sentence of the licensee portal (decision 036): the pages, the server's replies and the
 * sign-in mail. One place, so an owner's own words (their settings replace `mailSubject`,
 * `mailIntro` and the sender name) and a later translation have one file to go to. `{name}`-style
 * slots are filled by `portalText`.
 */
export const PORTAL_STRINGS = {
  // The page.
  pageTitle: '{portal}: your licences',
  signInHeading: 'Sign in to see your licences',
  signInIntro: 'Enter the email address your licence was issued to. We will mail you a one-time code.',
  emailLabel: 'Email address',
  sendCode: 'Send me a code',
  codeSent: 'If {email} holds a licence here, a code is on its way. It works for {minutes} minutes, once.',
  codeLabel: 'Code from the mail',
  verifyCode: 'Sign in',
  useAnotherEmail: 'Use another email',
  keyHeading: 'Or open one licence with its key',
  keyIntro: 'With the key alone you see that licence and its devices, not your other licences.',
  keyLabel: 'Licence key',
  openWithKey: 'Open licence',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {email}',
  signedInWithKey: 'Signed in with a licence key',
  licencesHeading: 'Your licences',
  noLicences: 'No licence is issued to this address here any more.',
  devicesHeading: 'Devices',
  noDevices: 'No device uses this licence yet.',
  releaseDevice: 'Release',
  releaseConfirm:
    'Release {device}? It stops using this licence and its slot becomes free for another device. You have {left} release(s) left in 30 days.',
  releaseDone: '{device} was released. Its slot is free for another device.',
  releasesLeft: '{left} release(s) left in the last 30 days',
  noReleasesLeft: 'No release left; the next one is possible on {date}.',
  downloadCertificate: 'Offline certificate',
  certificateDone: 'The offline certificate for {device} was downloaded.',
  renew: 'Renew this licence',
  expired: 'This licence has expired.',
  support: 'Need help? Contact {contact}.',
  unnamedDevice: 'Unnamed device',
  loadMore: 'Show more',
  // Server replies.
  codeRequested: 'If that address holds a licence here, we sent it a code.',
  codeWrong: 'That code is not right. Check the mail and try again.',
  codeExpired: 'That code has expired or was already used. Ask for a new one.',
  codeSpent: 'Too many wrong codes for this sign-in. Ask for a new code.',
  codeFormat: 'Enter the 6 digits from the mail.',
  keyUnknown: 'No licence with that key is managed here.',
  tooManyCodes: 'Too many codes were asked for. Try again in an hour.',
  tooManyKeyTries: 'Too many tries. Try again in an hour.',
  signedOut: 'You are signed out.',
  sessionEnded: 'Your portal session has ended. Sign in again.',
  csrfFailed: 'This page is out of date. Reload it and try again.',
  portalNotFound: 'There is no licence portal at this address.',
  licenceNotFound: 'No such licence here.',
  deviceNotFound: 'No such device on this licence.',
  releaseOff: 'This portal does not allow releasing devices. Contact support.',
  releaseLimit: 'This licence has used its releases for 30 days. The next is possible on {date}.',
  certificatesOff: 'This portal does not offer offline certificates. Contact support.',
  keySessionOnly: 'Signed in with a key, you can open only that licence.',
  // The sign-in mail (an owner may replace subject, intro and sender name).
  mailSubject: 'Your sign-in code for {portal}',
  mailIntro: 'Use this code to sign in to the {portal} licence portal.',
  mailCode: 'Your code: {code}',
  mailLink: 'Or open this link to sign in at once:',
  mailLinkLabel: 'Sign in to {portal}',
  mailExpiry: 'The code works for {minutes} minutes, once.',
  mailNotYou: 'If you did not ask for it, ignore this mail: nobody can sign in without the code.',
} as const;

export type PortalStringKey = keyof typeof PORTAL_STRINGS;

/** A portal sentence with its `{slots}` filled; an unknown slot stays as written. */
export function portalText(key: PortalStringKey, values: Record<string, string | number> = {}): string {
  return PORTAL_STRINGS[key].replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}
