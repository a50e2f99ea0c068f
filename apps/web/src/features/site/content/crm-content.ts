/** Feature list of the real-estate CRM marketing page. */
export const CRM_FEATURES: readonly { title: string; text: string }[] = [
  {
    title: 'Listings that stay current',
    text: 'Houses, buildings and land with photos, price, area and status: Available, Sold, Open House or Private visit.',
  },
  {
    title: 'Agents and assignments',
    text: 'Register your agents and assign them to properties in a couple of clicks, so every client knows who to call.',
  },
  {
    title: 'Search and filter',
    text: 'Find any property by address, country or state and switch between houses, buildings and land.',
  },
  {
    title: 'Map-ready data',
    text: 'Every listing keeps its latitude and longitude, ready for maps on your own website.',
  },
  {
    title: 'Your website, connected',
    text: 'Publish listings to your site through our API instead of copying them by hand.',
  },
  {
    title: 'Safe by default',
    text: 'Each agency sees only its own data; agents get their own sign-in and can be removed at any time.',
  },
];
