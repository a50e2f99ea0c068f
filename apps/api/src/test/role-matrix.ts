import type { Role } from '@app/contract';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from './fixtures.js';
import type { TestServer } from './harness.js';
import { httpClient } from './http.js';

export interface GuardedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** A valid body, so an allowed caller is not refused for bad input instead. */
  body?: unknown;
  /** Roles that may call it; everyone else gets 403 (or 401 without a token). */
  allowed: Role[];
}

const ROLES: Role[] = ['client', 'staff', 'admin'];

/**
 * The security half of every guarded route's tests, reused by each feature: no token → 401,
 * forged or expired token → 401, a role outside `allowed` → 403, a role inside → neither.
 */
export function describeRoleMatrix(title: string, getServer: () => TestServer, routes: GuardedRoute[]): void {
  describe(`role matrix: ${title}`, () => {
    const accounts = {} as Record<Role, TestAccount>;
    beforeAll(async () => {
      for (const role of ROLES) accounts[role] = await createAccount(getServer(), role);
    });

    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const call = (token?: string) =>
        httpClient(getServer().baseUrl)(route.path, { method: route.method, body: route.body, token });

      it(`${name}: without a token → 401`, async () => {
        const response = await call();
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ status: 'failed' });
      });

      it(`${name}: forged token → 401`, async () => {
        const forged = await new SignJWT({ user_type: 'a' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(accounts.admin.id)
          .setIssuedAt()
          .setExpirationTime('15m')
          .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
        expect((await call(forged)).status).toBe(401);
      });

      it(`${name}: expired token → 401`, async () => {
        const role = route.allowed[0] ?? 'client';
        const server = getServer();
        server.clock.advance(16 * 60 * 1000);
        try {
          expect((await call(accounts[role].access)).status).toBe(401);
        } finally {
          server.clock.advance(-16 * 60 * 1000);
        }
      });

      for (const role of ROLES) {
        const allowed = route.allowed.includes(role);
        it(`${name}: ${role} → ${allowed ? 'allowed' : '403'}`, async () => {
          const response = await call(accounts[role].access);
          if (allowed) expect([401, 403]).not.toContain(response.status);
          else expect(response.status).toBe(403);
        });
      }
    }
  });
}
