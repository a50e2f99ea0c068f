import type { PlanTerm } from '@app/contract';

export interface BuiltInPlan {
  slug: string;
  name: string;
  priceCents: number;
  term: PlanTerm;
  isRecurring: boolean;
  isFree: boolean;
  callsPerMinute: number;
  /** 0 means unlimited. */
  maxKeysAllowed: number;
  items: string[];
}

export interface BuiltInProduct {
  slug: string;
  name: string;
  description: string;
  plans: BuiltInPlan[];
}

export const KEY_MANAGER_SLUG = 'key-manager';

/**
 * The Key Manager SaaS product and its starting plans. They are product data, not demo content:
 * the catalog service makes sure they exist on every database (insert … on conflict do nothing),
 * so admins' later edits to them are never overwritten.
 */
export const KEY_MANAGER_PRODUCT: BuiltInProduct = {
  slug: KEY_MANAGER_SLUG,
  name: 'Key Manager',
  description:
    'Protect your application with licence keys: limit activations and switch keys on or off at any time.',
  plans: [
    {
      slug: 'free',
      name: 'Free',
      priceCents: 0,
      term: 'm',
      isRecurring: false,
      isFree: true,
      callsPerMinute: 30,
      maxKeysAllowed: 3,
      items: ['3 licence keys', '30 API calls per minute', 'Java library and REST API'],
    },
    {
      slug: 'pro',
      name: 'Pro',
      priceCents: 900,
      term: 'm',
      isRecurring: true,
      isFree: false,
      callsPerMinute: 300,
      maxKeysAllowed: 100,
      items: ['100 licence keys', '300 API calls per minute', 'Device fingerprints', 'Email support'],
    },
    {
      slug: 'business',
      name: 'Business',
      priceCents: 2900,
      term: 'm',
      isRecurring: true,
      isFree: false,
      callsPerMinute: 1200,
      maxKeysAllowed: 0,
      items: ['Unlimited licence keys', '1,200 API calls per minute', 'Priority support'],
    },
  ],
};

export const BUILT_IN_PRODUCTS: BuiltInProduct[] = [KEY_MANAGER_PRODUCT];
