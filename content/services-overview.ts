import type { ServicesOverviewContent } from '../src/config/site-types';

const servicesOverview: ServicesOverviewContent = {
  intro:
    'Whether you are writing your first strategic plan or bringing AI into a 50-person team, we meet you where you are and stay until the work takes hold.',
  groups: [
    { name: 'Core Services', intro: 'The foundations every strong organization needs.' },
    { name: 'High-Impact Services', intro: 'Support for the moments that shape your reputation and reach.' },
    { name: 'Emerging Opportunities', intro: 'New tools and partnerships that open doors for mission-driven work.' },
  ],
  more: { title: 'Also Offered', intro: 'Specialist support we bring to partners with a particular project in mind.' },
  cta: {
    title: 'Which Service Fits You Best?',
    body: 'Answer a few questions about your organization and we will point you to the right starting place, free of charge.',
    actions: [
      { label: 'Find Your Solution', to: '/assessment' },
      { label: 'Get Your Free Assessment', to: '/assessment' },
    ],
  },
};

export default servicesOverview;
