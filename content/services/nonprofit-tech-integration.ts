import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Many small organizations run on a patchwork of spreadsheets, email and a database nobody fully understands. We help you choose and connect tools that fit your size and budget, and make sure your team actually uses them.',
  ],
  sections: [
    {
      title: 'Technology Assessment',
      body: 'An honest review of your current systems, how data moves between them, and where time and information are being lost.',
    },
    {
      title: 'Selection and Setup',
      body: 'Side-by-side comparisons of CRM, fundraising, volunteer and program tools, including nonprofit discounts, followed by configuration and data migration.',
      points: ['Vendor comparison and demos', 'Data migration and clean-up', 'Integrations between systems'],
    },
    {
      title: 'Training and Support',
      body: 'Role-based training, written guides and a support period so new systems become everyday habits.',
    },
  ],
};

export default content;
