import type { Page } from '@playwright/test';

/** An unsigned JWT-shaped token: the web app only reads `exp`, so this is enough to test expiry. */
export function craftJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

export function storageLength(page: Page): Promise<number> {
  return page.evaluate(() => window.localStorage.length);
}

export function storedAccess(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access'));
}
