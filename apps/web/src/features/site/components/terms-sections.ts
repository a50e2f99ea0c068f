/** Terms and Conditions text, one entry per section, so the page only lays it out. */
export interface TermsSection {
  title: string;
  paragraphs: readonly string[];
}

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    title: '1. About these terms',
    paragraphs: [
      'These terms govern your use of this website, your account and every service we provide: custom web, desktop, Android and API development, hosted software products, subscription plans and developer tools such as the licence-key manager.',
      'By creating an account or placing an order you accept these terms. If you use our services on behalf of a company, you confirm that you may bind that company to them.',
    ],
  },
  {
    title: '2. Our services',
    paragraphs: [
      'We build software to the scope agreed for each project. The scope, the timeline and the price of a project are confirmed before work starts and are shown in your profile together with its progress.',
      'Hosted products and APIs are provided within the limits of the plan you choose, including any limit on calls per minute. We may improve or change features as long as the service you paid for keeps its essential purpose.',
    ],
  },
  {
    title: '3. Your account',
    paragraphs: [
      'You must give accurate details when you sign up and keep your password and security answer private. You are responsible for everything done with your account and API keys until you tell us they have been compromised.',
      'We may suspend an account that is used to break the law, to attack our systems or other users, or to avoid payment.',
    ],
  },
  {
    title: '4. Payments',
    paragraphs: [
      'Businesses pay for services through monthly plans, which renew for each billing period until cancelled. Personal users may pay once for a product or project. Prices are shown in US dollars and start from $100/month for plans.',
      'A one-time purchase must be paid by its deadline; unpaid services become inaccessible until payment is received. If a plan payment is late, you keep full access for 10 days of grace after the plan expires. After those 10 days, backend features (such as APIs and licence-key checks) are disabled until the plan is paid.',
    ],
  },
  {
    title: '5. Intellectual property',
    paragraphs: [
      'Once a custom project is paid in full, you own the code written specifically for it, except for third-party and open-source components, which stay under their own licences, and our pre-existing tools and libraries, which we license to you for use with that project.',
      'Our website, hosted products, libraries and documentation remain ours. You may not copy, resell or reverse-engineer them except as the law expressly allows.',
    ],
  },
  {
    title: '6. Acceptable use',
    paragraphs: [
      'You must not use our services to store or distribute unlawful content, to send spam, to probe or overload our systems, or to get around the limits of your plan.',
    ],
  },
  {
    title: '7. Liability',
    paragraphs: [
      'We take care to deliver working software and reliable services, but we do not promise that they will be free of every error or interruption. We are not liable for indirect or consequential losses, such as lost profits or lost data, that arise from using our services.',
      'Our total liability for any claim is limited to the amount you paid us for the service concerned in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    title: '8. Changes to these terms',
    paragraphs: [
      'We may amend these terms as our services change. We publish every amendment on this page when we make it, and it takes effect 10 days later. If you continue to use our services after an amendment takes effect, you accept the amended terms.',
    ],
  },
];
