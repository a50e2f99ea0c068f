import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env.js';

export async function adminSignIn(page: Page): Promise<void> {
  await page.goto('/company/admin/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/company\/admin$/);
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** A valid PNG signature followed by padding: large enough for upload progress to be visible. */
export function bigPng(bytes: number): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, Buffer.alloc(Math.max(0, bytes - png.length))]);
}
