/** A licence key as the dashboard's usage views show it: its first and last four characters. */
export function maskLicenceKey(key: string): string {
  return key.length <= 8 ? `${key.slice(0, 2)}…` : `${key.slice(0, 4)}…${key.slice(-4)}`;
}
