import type { PolicyDocument } from './policy-types';

/**
 * The refund window (docs/product-contract.md §Constants leaves 7/14/30 days open; decision 009 chose
 * 14).
 */
export const REFUND_WINDOW_DAYS = 14;

export const REFUND_POLICY: PolicyDocument = {
  path: '/refund-policy',
  title: 'Refund Policy',
  metaTitle: 'Refund Policy',
  description: `Request a refund within ${REFUND_WINDOW_DAYS} days of purchase. What can be refunded, what cannot, and how long it takes.`,
  lastUpdated: '06/07/2025',
  intro: [
    'We want you to be happy with what you buy from us. If something is not right, tell us first: most problems can be fixed. When a refund is the right answer, this page explains how it works.',
  ],
  sections: [
    {
      title: '1. Refund window',
      paragraphs: [
        `You can request a refund within ${REFUND_WINDOW_DAYS} days of the purchase date shown on your receipt. Requests made after ${REFUND_WINDOW_DAYS} days cannot be accepted.`,
      ],
    },
    {
      title: '2. What cannot be refunded',
      paragraphs: ['The following purchases are not eligible for a refund:'],
      list: [
        'Subscriptions, including monthly and yearly plans and API subscriptions. You can cancel a subscription at any time and it will not renew; the current period is not refunded.',
        'Customized products: software we built or changed to your specification.',
        'Digital goods once they have been accessed, downloaded or activated, such as licence keys or library downloads.',
      ],
    },
    {
      title: '3. One-time products',
      paragraphs: [
        'For a product you paid for once and installed, a refund requires proof that it has been uninstalled from every device, for example a screenshot or a short written confirmation listing the devices. Any licence keys issued for it are deactivated when the refund is approved.',
      ],
    },
    {
      title: '4. How to request a refund',
      paragraphs: [
        'Write to us from the email address of your account with your receipt number and the reason for the request, or ask in the help centre chat on the Contact page. We confirm that we received it within two business days.',
      ],
    },
    {
      title: '5. Processing time',
      paragraphs: [
        'Approved refunds are paid back to the original payment method. Processing takes about 5 to 10 business days; your bank may take a few more days to show it.',
      ],
    },
  ],
};
