import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Safe, affordable housing is the foundation for health, education and opportunity. We help developers, nonprofits and public agencies plan projects that residents want and that can be financed and sustained.',
  ],
  sections: [
    {
      title: 'Project Planning',
      body: 'Feasibility studies, community needs assessments and development plans for affordable housing and neighborhood projects.',
    },
    {
      title: 'Financing Strategy',
      body: 'Guidance on combining tax credits, public funds, philanthropic capital and community investment into a workable capital stack.',
      points: ['Funding source analysis', 'Grant and public funding applications', 'Partnership structures'],
    },
    {
      title: 'Resident Engagement',
      body: 'Meaningful involvement of current and future residents in design decisions, so projects strengthen neighborhoods instead of displacing them.',
    },
  ],
};

export default content;
