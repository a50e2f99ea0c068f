/**
 * Home page copy (docs/product-contract.md §Screens, Home), kept out of the layout so the page file
 * stays short.
 */
export interface PricingPlan {
  name: string;
  price: string;
  cadence: string;
  summary: string;
  features: readonly string[];
  highlighted?: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    name: 'Personal',
    price: 'One-time',
    cadence: 'quoted per project',
    summary: 'For individuals with one application in mind.',
    features: [
      'Fixed quote before work starts',
      'Pay once, own the code',
      '30 days of free fixes after delivery',
    ],
  },
  {
    name: 'Business',
    price: '$100',
    cadence: 'per month, starting from',
    summary: 'For companies that need software built and looked after.',
    features: [
      'A dedicated developer and designer',
      'Hosting, monitoring and updates',
      'API access with a calls-per-minute limit that fits',
      'Priority support in your project chat',
    ],
    highlighted: true,
  },
  {
    name: 'Scale',
    price: 'Custom',
    cadence: 'monthly or yearly',
    summary: 'For products with many users or several teams.',
    features: [
      'A team sized to your roadmap',
      'Service levels agreed in writing',
      'Yearly billing available',
    ],
  },
];

export const KEY_BENEFITS: readonly { title: string; text: string }[] = [
  {
    title: 'You see the progress',
    text: 'Front end, back end and database progress are shown in your profile, updated as the work moves.',
  },
  {
    title: 'One conversation per project',
    text: 'Each project has its own chat room with the people building it, files and screenshots included.',
  },
  {
    title: 'Clear prices',
    text: 'A quote before any work starts, plans from $100/month and no surprise invoices.',
  },
  {
    title: 'Built to be maintained',
    text: 'Tested code, documented APIs and licence keys you control, so your software keeps working after launch.',
  },
];

/** Technology partners; shown as names, since we have no licence to use their logos. */
export const PARTNERS: readonly string[] = ['PostgreSQL', 'Node.js', 'React', 'Android', 'Java', 'Linux'];
