import type { PolicyDocument } from './policy-types';

export const TERMS_OF_SERVICE: PolicyDocument = {
  path: '/terms-of-service',
  title: 'Terms of Service',
  metaTitle: 'Terms of Service',
  description:
    'The rules for using our website, hosted products, APIs and developer tools, including payments, late payment and changes.',
  intro: [
    'These terms apply to everyone who uses our website, hosted products, APIs, libraries and licence-key manager. Project work is also covered by the Terms and Conditions and the Order Creation Conditions.',
  ],
  sections: [
    {
      title: '1. Using the service',
      paragraphs: [
        'You may use our services for lawful purposes within the limits of your plan. You must not try to break into our systems, overload them, resell access without our agreement or get around the limits of your plan, including API call limits.',
      ],
    },
    {
      title: '2. Accounts and API keys',
      paragraphs: [
        'Keep your password, security answer and API keys secret. Anything done with your account or keys is your responsibility until you tell us they were compromised. Rotate an API key at once if you think someone else has it.',
      ],
    },
    {
      title: '3. Plans and charges',
      paragraphs: [
        'Businesses pay through plans that start from $100/month. Subscription charges recur per week, month or year, according to the plan you chose, until you cancel. Personal users can pay once for a product or a project. Prices are in US dollars.',
      ],
    },
    {
      title: '4. Late payment',
      paragraphs: [
        'A one-time payment must be made by its deadline; we allow 10 days beyond that deadline, after which the unpaid service becomes inaccessible until it is paid. Subscriptions get no such extension.',
        'When a plan expires unpaid, you keep full access for 10 days of grace. After that, backend features such as API access and licence-key checks are disabled until the plan is paid. Your data is kept and everything works again as soon as payment arrives.',
      ],
    },
    {
      title: '5. Licence keys',
      paragraphs: [
        'Licence keys you generate with the Key Manager are yours to issue to your own customers. You decide how many activations each key allows and may switch a key off at any time. We are not responsible for the licensing decisions you make with them.',
      ],
    },
    {
      title: '6. Availability',
      paragraphs: [
        'We work to keep our hosted services available around the clock and announce planned maintenance in advance. We do not promise uninterrupted service and are not liable for indirect losses caused by an outage.',
      ],
    },
    {
      title: '7. Ending the service',
      paragraphs: [
        'You can cancel a plan at any time from your profile; it will not renew. We may suspend accounts that break these terms, after a warning where the situation allows it.',
      ],
    },
    {
      title: '8. Changes to these terms',
      paragraphs: [
        'We publish every amendment on this page on the day we make it; it takes effect 10 days later. Using the service after that date means you accept the amended terms.',
      ],
    },
  ],
};
