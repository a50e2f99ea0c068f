import type { PolicyDocument } from './policy-types';

export const BUSINESS_REGISTRATION_CONDITIONS: PolicyDocument = {
  path: '/business-registration-conditions',
  title: 'Business Registration Conditions',
  metaTitle: 'Business Registration Conditions',
  description:
    'The conditions you accept when you register a business account, such as a real-estate business, on our platform.',
  intro: [
    'Registering a business lets you manage properties and agents and integrate your business with our products. Before you tick the agreement box, please read these conditions.',
  ],
  sections: [
    {
      title: '1. Who may register',
      paragraphs: [
        'You must be authorised to act for the business you register, and the business name and type you give must be accurate. We may ask for proof and may close a registration that turns out to be false.',
      ],
    },
    {
      title: '2. Listings and agents',
      paragraphs: [
        'You are responsible for the properties you list (their price, status, address and photos) and for the agents you add. Agents act on behalf of your business; remove an agent’s access as soon as they leave.',
        'Listings must describe real properties you are allowed to market, and photos must be yours or licensed to you.',
      ],
    },
    {
      title: '3. Personal data',
      paragraphs: [
        'When you enter data about agents, clients or property owners, you are responsible for having a lawful reason to do so. We process that data on your behalf and only to provide the service, as described in our Privacy Policy.',
      ],
    },
    {
      title: '4. Fees',
      paragraphs: [
        'Business features are part of the plan you choose. The Terms of Service apply to payment, late payment and cancellation.',
      ],
    },
    {
      title: '5. Closing a business account',
      paragraphs: [
        'You can ask us to close a business account at any time. We delete its listings and agents within 30 days, except data the law requires us to keep.',
      ],
    },
  ],
};

export const ORDER_CREATION_CONDITIONS: PolicyDocument = {
  path: '/order-creation-conditions',
  title: 'Order Creation Conditions',
  metaTitle: 'Order Creation Conditions',
  description:
    'What happens after you request a project: proposal, approval, timeline, payments, progress updates and delivery.',
  intro: [
    'These conditions apply when you request a new web, desktop or Android project from your Orders page.',
  ],
  sections: [
    {
      title: '1. Your request',
      paragraphs: [
        'A request needs a project name and a proposal, either as a file or as a link. Designs are optional; if you have none, we can propose designs for you. A request is not yet an order: nothing is charged until you accept our quote.',
      ],
    },
    {
      title: '2. Review and approval',
      paragraphs: [
        'We review every request within three business days and may ask questions in the project chat. When we approve it, we set the start and end dates, the total price and, where it applies, the recurring payment and its term. You see all of this under More Info on the project card.',
      ],
    },
    {
      title: '3. Payments',
      paragraphs: [
        'When a payment is due, a Pay Now link appears on the project. One-time payments have a deadline with 10 extra days of grace; after that, work and access to the delivered software pause until payment arrives.',
      ],
    },
    {
      title: '4. Progress and communication',
      paragraphs: [
        'Front-end, back-end and database progress are updated as work advances, each out of 100. Use the project chat room for questions and changes; changes that alter the scope may change the price and the dates, and we confirm them with you before starting.',
      ],
    },
    {
      title: '5. Delivery and ownership',
      paragraphs: [
        'When the project is complete and paid in full, you own the code written for it as set out in the Terms and Conditions. We fix defects reported within 30 days of delivery at no charge.',
      ],
    },
  ],
};
