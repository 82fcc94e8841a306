import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'A funding cut, a public controversy, a data breach or a disaster in your community: crises test every organization. We help you respond calmly now and build the resilience to recover faster next time.',
  ],
  sections: [
    {
      title: 'Rapid Response',
      body: 'When something goes wrong, we help leadership assess the situation, make decisions quickly and communicate honestly with staff, funders and the public.',
      points: ['Crisis assessment within 24 hours', 'Stakeholder communication plans', 'Media and social media guidance'],
    },
    {
      title: 'Continuity Planning',
      body: 'Plans that keep essential services running through emergencies, staff loss or system failures.',
    },
    {
      title: 'Financial Resilience',
      body: 'Reserve policies, scenario budgets and early-warning indicators that give you time to act before a shortfall becomes a crisis.',
      points: ['Reserve policy', 'Scenario budgeting', 'Board crisis protocols'],
    },
  ],
};

export default content;
