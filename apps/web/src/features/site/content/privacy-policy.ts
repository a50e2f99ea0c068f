import type { PolicyDocument } from './policy-types';

export const PRIVACY_POLICY: PolicyDocument = {
  path: '/privacy-policy',
  title: 'Privacy Policy',
  metaTitle: 'Privacy Policy',
  description:
    'What personal data we collect, why we collect it, how long we keep it and the rights you have over it.',
  lastUpdated: '06/07/2025',
  intro: [
    'This policy explains what we collect when you visit our website, create an account, order a project, chat with us or use our APIs and developer tools, and what we do with it.',
  ],
  sections: [
    {
      title: '1. What we collect',
      paragraphs: ['We only collect what we need to provide our services:'],
      list: [
        'Account details: your first and last name, email address, password and security question (the password and the answer are stored only as one-way hashes).',
        'Project details: the files, links and messages you send us about an order or a project.',
        'Chat messages and media you send to customer service or in a project chat room.',
        'Newsletter: your email address and when you confirmed or cancelled your subscription.',
        'Billing: the receipts of your payments. Card details are handled by our payment provider and never reach our servers.',
        'API usage: the API keys you create and how many calls they make, so we can apply your plan limits.',
      ],
    },
    {
      title: '2. Cookies',
      paragraphs: [
        'We do not use cookies. Your signed-in session is kept in your browser’s local storage and is removed when you log out or when it expires. We do not use advertising or cross-site tracking tools.',
      ],
    },
    {
      title: '3. How we use your data',
      paragraphs: [
        'We use your data to run your account, deliver and support the software you order, answer your messages, bill you, keep our services secure and send the newsletter you confirmed.',
        'Chat data is used to train AI models. Conversations with customer service and in project chat rooms help us train models that answer common questions faster and route requests to the right person. We remove names, email addresses and payment details from the text we train on. If you do not want a conversation to be used, tell us in that conversation or write to us, and we will exclude it.',
      ],
    },
    {
      title: '4. Who we share it with',
      paragraphs: [
        'We do not sell personal data. We share it only with the providers that help us run the service (hosting, email delivery and payments), under contracts that oblige them to protect it, and with authorities when the law requires it.',
      ],
    },
    {
      title: '5. How long we keep it',
      paragraphs: [
        'Account and project data is kept while your account is open and for up to two years after your last order, so we can support the software we delivered. Receipts are kept as long as tax law requires. Newsletter addresses are deleted on request; an unsubscribed address is kept only to make sure we do not write to it again.',
      ],
    },
    {
      title: '6. Your rights',
      paragraphs: [
        'You may ask for a copy of your data, ask us to correct or delete it, object to its use for training, and withdraw your newsletter consent at any time with the unsubscribe link in every email. Write to us at the contact address in the footer and we will answer within 30 days.',
      ],
    },
    {
      title: '7. Security',
      paragraphs: [
        'Passwords, security answers and session tokens are stored hashed, connections are encrypted, and access to customer data is limited to the staff who need it for your project.',
      ],
    },
    {
      title: '8. Changes',
      paragraphs: [
        'When we change this policy we update the date at the top of this page. Significant changes are announced by email to account holders.',
      ],
    },
  ],
};
