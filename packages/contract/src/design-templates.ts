// Reference data the order form offers (docs/product-contract.md §Screens, 'Select Designs For you'); kept
// apart from the projects contract, whose schemas only check that a chosen id is one of these.
/** The design templates a client can pick with 'Select Designs For you'. */
export const DESIGN_TEMPLATES = [
  {
    id: 'aurora',
    name: 'Aurora',
    description: 'Bold hero, gradient accents, card grid',
    colors: ['#4f46e5', '#ec4899', '#f8fafc'],
  },
  {
    id: 'harbor',
    name: 'Harbor',
    description: 'Calm corporate layout with a sidebar',
    colors: ['#0f766e', '#99f6e4', '#ffffff'],
  },
  {
    id: 'ember',
    name: 'Ember',
    description: 'Warm storefront with large product photos',
    colors: ['#c2410c', '#fed7aa', '#fffbeb'],
  },
  {
    id: 'slate',
    name: 'Slate',
    description: 'Dense dashboard with tables and charts',
    colors: ['#334155', '#38bdf8', '#f1f5f9'],
  },
  {
    id: 'meadow',
    name: 'Meadow',
    description: 'Friendly landing page with illustrations',
    colors: ['#15803d', '#bbf7d0', '#f0fdf4'],
  },
  {
    id: 'noir',
    name: 'Noir',
    description: 'Dark, minimal portfolio',
    colors: ['#111827', '#facc15', '#1f2937'],
  },
] as const;
export const DESIGN_TEMPLATE_IDS = DESIGN_TEMPLATES.map((t) => t.id);
export type DesignTemplate = (typeof DESIGN_TEMPLATES)[number];
