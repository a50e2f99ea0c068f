import {
  BILLING_PATHS,
  CATALOG_PATHS,
  type PlansGetResponse,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TEST_CARD,
} from '@app/contract';
import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { signPayload } from './webhook-signature.js';

/** Known in tests so they can sign (or mis-sign) sandbox webhooks themselves. */
export const SANDBOX_SECRET = 'sandbox-test-secret-sandbox-test-secret-0123';
export const DAY = 24 * 60 * 60 * 1000;

export function billingKit(server: TestServer) {
  const request = httpClient(server.baseUrl);

  async function plans(token: string, productId: number) {
    const response = await request<PlansGetResponse>(CATALOG_PATHS.plansGet, {
      body: { product_id: productId },
      token,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function planNamed(token: string, productId: number, name: string) {
    const plan = (await plans(token, productId)).plans.find((entry) => entry.name === name);
    if (!plan) throw new Error(`no plan ${name}`);
    return plan;
  }

  /** plans/activate for a paid plan: returns the payment id of the checkout. */
  async function startCheckout(token: string, productID: number, planID: number, isUpgrade = false) {
    const response = await request<{
      launchPayment: boolean;
      paymentData: { paymentID: string; url: string };
    }>(CATALOG_PATHS.plansActivate, { body: { productID, planID, isUpgrade }, token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.launchPayment).toBe(true);
    return response.body.paymentData;
  }

  /** What the hosted test-card page posts. */
  function pay(token: string, paymentID: string, cardNumber = SANDBOX_TEST_CARD) {
    return request<{ payment: { status: string } }>(BILLING_PATHS.sandboxPay, {
      token,
      body: {
        paymentID,
        cardNumber,
        expiry: '12/39',
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+44 20 0000 0000',
        address: '12 St James Square',
        city: 'London',
        country: 'GB',
      },
    });
  }

  /** Sends a sandbox webhook as the processor would, signed with `secret` at `timestamp`. */
  function webhook(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
    const body = JSON.stringify(event);
    const timestamp = options.timestamp ?? Math.floor(server.clock.now().getTime() / 1000);
    return request<{ received: boolean; duplicate: boolean }>(BILLING_PATHS.sandboxWebhook, {
      body,
      headers: { [SANDBOX_SIGNATURE_HEADER]: signPayload(options.secret ?? SANDBOX_SECRET, body, timestamp) },
    });
  }

  /** A fresh access token (after the clock moved past the 15-minute token life). */
  async function signIn(email: string, password = 'correct-horse-1') {
    const response = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
      body: { email, password, rememberMe: false },
    });
    expect(response.status).toBe(200);
    return response.body.access;
  }

  return { request, plans, planNamed, startCheckout, pay, webhook, signIn };
}
