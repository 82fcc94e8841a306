import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Public policy decides which programs get funded, which neighborhoods get investment and which rules your organization must follow. We help you understand the process and take part in it effectively and ethically.',
  ],
  sections: [
    {
      title: 'Advocacy Strategy',
      body: 'A clear policy agenda, the decision-makers who matter and a calendar that matches the legislative and budget cycle.',
      points: ['Policy agenda and priorities', 'Power mapping', 'Coalition campaigns with our 130+ partners'],
    },
    {
      title: 'Policy Analysis',
      body: 'Plain-language briefings on proposed laws, regulations and budgets, and what they mean for your organization and community.',
    },
    {
      title: 'Relationships With Officials',
      body: 'Preparation for meetings, testimony and site visits, so elected officials and agency staff see your work first-hand.',
      points: ['Testimony preparation', 'Legislative visit planning', 'Public comment support'],
    },
  ],
};

export default content;
