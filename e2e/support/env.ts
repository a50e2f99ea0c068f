/** Values shared by the Playwright config (server start-up) and the specs (what to type). */
// Overridable so several runs (e.g. parallel work on one machine) do not collide.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;

export const E2E_ADMIN = {
  username: 'admin',
  email: 'admin@example.com',
  password: 'Admin-e2e-pass-1',
} as const;

/**
 * The server's DEMO_PASSWORD: every demo login (staff@demo.test, client@demo.test, …) gets this
 * password instead of a generated one, so specs can sign in as them.
 */
export const E2E_DEMO_PASSWORD = 'Demo-e2e-pass-1';
