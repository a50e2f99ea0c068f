import { expect, type Page } from '@playwright/test';
import { verifyEmailFromMail } from './mail.js';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  question: string;
  answer: string;
}

export function uniqueUser(): TestUser {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `e2e-${stamp}@example.com`,
    password: 'Analytical-Engine-1843',
    question: 'What was the name of your first pet?',
    answer: 'Babbage',
  };
}

/**
 * Signs up on the page and, unless `verify: false`, opens the verification link the app mailed in
 * another tab (paying, API keys and invitations need a verified address); the page stays on /profile.
 */
export async function signUp(page: Page, user: TestUser, options: { verify?: boolean } = {}): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByLabel('Security question', { exact: true }).fill(user.question);
  await page.getByLabel('Security question answer').fill(user.answer);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  if (options.verify === false) return;
  await expect(page).toHaveURL(/\/profile$/);
  await verifyEmailFromMail(page, user.email);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function logOutFromNavbar(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}
