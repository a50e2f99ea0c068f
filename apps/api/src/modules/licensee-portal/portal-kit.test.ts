// Test helpers, named *.test.ts so the production build leaves them out; vitest runs only
// *.api.test.ts and *.unit.test.ts, so this file holds no tests itself.

import {
  type AddKeyResponse,
  KEY_MANAGER_PATHS,
  PORTAL_CSRF_HEADER,
  PORTAL_OWNER_PATHS,
  PORTAL_PATHS,
  type PortalFace,
  type PortalSessionResponse,
  type PortalSettingsRequest,
  type PortalSettingsResponse,
  portalPath,
} from '@app/contract';
import { expect } from 'vitest';
import { uniqueEmail } from '../../test/fixtures.js';
import type { TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';

export type Developer = Awaited<ReturnType<typeof newDeveloper>>;

let addresses = 0;
/** A fresh client address per call (the server trusts X-Forwarded-For in these tests). */
export const freshIp = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};

export interface Owner extends Developer {
  handle: string;
  /** Issues a key to `email` through the dashboard API; returns its id and key. */
  issue(email: string | null, maxActivations?: number): Promise<{ id: string; key: string }>;
  settings(changes?: Partial<PortalSettingsRequest>): Promise<PortalSettingsResponse['settings']>;
}

export function settingsBody(
  handle: string,
  changes: Partial<PortalSettingsRequest> = {},
): PortalSettingsRequest {
  return {
    enabled: true,
    handle,
    displayName: 'Acme Apps',
    supportEmail: 'help@acme.test',
    supportUrl: 'https://acme.test/help',
    purchaseUrl: 'https://acme.test/buy',
    allowRelease: true,
    releasesPer30Days: 3,
    allowCertificates: true,
    mailSenderName: '',
    mailSubject: '',
    mailIntro: '',
    ...changes,
  };
}

/** A Key Manager owner (free plan) whose portal is switched on at a handle of its own. */
export async function newOwner(
  server: TestServer,
  changes: Partial<PortalSettingsRequest> = {},
): Promise<Owner> {
  const dev = await newDeveloper(server);
  const handle = `acme-${Math.random().toString(36).slice(2, 10)}`;
  const settings = async (more: Partial<PortalSettingsRequest> = {}) => {
    const saved = await dev.request<PortalSettingsResponse>(PORTAL_OWNER_PATHS.settings, {
      method: 'PUT',
      body: settingsBody(handle, { ...changes, ...more }),
      token: dev.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.settings;
  };
  await settings();
  const issue = async (email: string | null, maxActivations = 2) => {
    const added = await dev.request<AddKeyResponse>(KEY_MANAGER_PATHS.addKey, {
      body: { maxActivations, ...(email ? { customerEmail: email } : {}) },
      token: dev.token,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return { id: added.body.key.id, key: added.body.key.key };
  };
  return { ...dev, handle, issue, settings };
}

export interface PortalReply<T> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * A browser on one portal: keeps the cookies the server sets (by their paths), sends the CSRF header
 * it learnt, and comes from an address of its own.
 */
export class PortalBrowser {
  readonly cookies = new Map<string, { value: string; path: string }>();
  csrf: string | undefined;
  readonly ip = freshIp();

  constructor(
    private readonly server: TestServer,
    public handle: string,
  ) {}

  path(route: (typeof PORTAL_PATHS)[keyof typeof PORTAL_PATHS], keyId = '', deviceId = '') {
    return portalPath(route, this.handle, keyId, deviceId);
  }

  async call<T = Record<string, unknown>>(
    pathname: string,
    options: { method?: string; body?: unknown; headers?: Record<string, string>; csrf?: string | null } = {},
  ): Promise<PortalReply<T>> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    const jar = [...this.cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    if (jar.length > 0) headers.cookie = jar.join('; ');
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (method !== 'GET' && csrf) headers[PORTAL_CSRF_HEADER] = csrf;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.server.baseUrl}${pathname}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, value] = (pair ?? '').split('=');
      const path = attributes.find((part) => part.startsWith('Path='))?.slice(5) ?? '/';
      const maxAge = attributes.find((part) => part.startsWith('Max-Age='))?.slice(8);
      if (!name) continue;
      if (maxAge === '0' || !value) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { raw: text };
    }
    return { status: response.status, headers: response.headers, body: body as T };
  }

  /** Opens the portal's page: the face and the sign-in CSRF token. */
  async open(): Promise<PortalFace> {
    const face = await this.call<PortalFace>(this.path(PORTAL_PATHS.portal));
    expect(face.status, JSON.stringify(face.body)).toBe(200);
    this.csrf = face.body.csrfToken;
    return face.body;
  }

  async askCode(email: string) {
    return this.call<{ status: string; attemptId: string; message: string }>(
      this.path(PORTAL_PATHS.requestCode),
      {
        body: { email },
      },
    );
  }

  async verify(attemptId: string, code: string, fromLink?: boolean) {
    const reply = await this.call<PortalSessionResponse>(this.path(PORTAL_PATHS.verifyCode), {
      body: { attemptId, code, ...(fromLink === undefined ? {} : { fromLink }) },
    });
    if (reply.status === 200) this.csrf = reply.body.session.csrfToken;
    return reply;
  }

  async keySignIn(licenseKey: string) {
    const reply = await this.call<PortalSessionResponse>(this.path(PORTAL_PATHS.keySignIn), {
      body: { licenseKey },
    });
    if (reply.status === 200) this.csrf = reply.body.session.csrfToken;
    return reply;
  }
}

/** The code and sign-in link of the newest portal mail to `email`. */
export async function codeFromMail(server: TestServer, email: string) {
  const mails = await mailsTo(server, email);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
  const link = /(https?:\/\/\S+#attempt=\S+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no code in ${mail.text}`);
  return { code, link, mail, count: mails.length };
}

/** Opens the portal, asks a code for `email`, reads it from the outbox and signs in. */
export async function signInByEmail(server: TestServer, browser: PortalBrowser, email: string) {
  await browser.open();
  const asked = await browser.askCode(email);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const { code } = await codeFromMail(server, email);
  const verified = await browser.verify(asked.body.attemptId, code);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.session;
}

export const licenseeEmail = () => uniqueEmail('licensee');
