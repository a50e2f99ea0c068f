/** The services the company sells (docs/product-contract.md §Product). */
export interface Service {
  title: string;
  text: string;
}

export const SERVICES: readonly Service[] = [
  {
    title: 'Web applications',
    text: 'Customer portals, dashboards and online stores that load fast, work on every screen and are easy to change.',
  },
  {
    title: 'Desktop software',
    text: 'Windows, macOS and Linux applications for the work that needs a real desktop: offline use, files and hardware.',
  },
  {
    title: 'Android apps',
    text: 'Native Android apps your customers keep installed, published to Google Play and maintained release after release.',
  },
  {
    title: 'APIs and integrations',
    text: 'Documented REST APIs with keys and rate limits, and integrations that connect the tools your business already uses.',
  },
];
