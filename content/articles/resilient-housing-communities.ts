import type { ArticleContent } from '../../src/config/site-types';

const content: ArticleContent = {
  sections: [
    {
      title: 'Resilience starts with residents',
      body: [
        'Housing projects that withstand economic and climate shocks are rarely the ones with the most expensive design. They are the ones where residents were involved early, trust their management and have a say in decisions.',
      ],
    },
    {
      title: 'Financing for the long run',
      body: ['A resilient project plans for year fifteen, not just opening day.'],
      points: [
        'Layer public, philanthropic and community capital to reduce dependence on any one source',
        'Fund replacement reserves realistically from the start',
        'Build in resident services, which reduce turnover and eviction costs',
        'Plan for rising insurance and energy costs',
      ],
    },
    {
      title: 'Designing for shocks',
      body: [
        'Energy-efficient buildings lower utility bills when prices spike. Community spaces become cooling centres or distribution points in emergencies. Partnerships with local employers and health providers help residents weather a job loss or illness.',
      ],
    },
  ],
  takeaway: 'Resilient housing is built with the community, financed for the long term and designed so that one bad year does not undo a decade of progress.',
};

export default content;
