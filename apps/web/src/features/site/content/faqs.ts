/** Help centre questions on /contact-us. */
export const FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'How do I start a project?',
    answer:
      'Create an account, open Orders and choose Request New Project. Pick the project type (web, desktop or Android), give it a name and attach your proposal as a file or a link. We reply within three business days.',
  },
  {
    question: 'How much does a project cost?',
    answer:
      'Business plans start from $100/month and include hosting, updates and support. Personal projects are quoted once and paid once. You always get the price before any work starts.',
  },
  {
    question: 'How do I follow the progress of my project?',
    answer:
      'Open your profile and the project card. More Info shows front-end, back-end and database progress, the dates and any payment that is due.',
  },
  {
    question: 'What happens if a payment is late?',
    answer:
      'Plans keep working for 10 days of grace after they expire. After that, backend features such as API access and licence-key checks pause until the plan is paid. Nothing is deleted.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'You can request a refund within 14 days of purchase. Subscriptions, customized products and digital goods that have been accessed are not refundable. See the Refund Policy for the details.',
  },
  {
    question: 'What is the Key Manager?',
    answer:
      'A licence-key service for your own applications: generate keys, limit how many activations each allows and switch keys on or off at any time, from the dashboard, the Java library or the REST API.',
  },
  {
    question: 'I forgot my password. What do I do?',
    answer:
      'On the Sign In page choose Forgot Password, enter your email and answer your security question to set a new password.',
  },
  {
    question: 'How do I stop receiving the newsletter?',
    answer: 'Every newsletter email has an unsubscribe link. One click and you will not hear from us again.',
  },
];
