import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Small and medium businesses are the backbone of every community, and often the most committed local partners a nonprofit can have. We design partnerships that create value for both sides, so they last beyond a single sponsorship.',
  ],
  sections: [
    {
      title: 'For Businesses',
      body: 'Find community partners that match your values and goals, and design giving, volunteering and sponsorship programs your employees and customers care about.',
      points: ['Community investment strategy', 'Employee volunteering programs', 'Impact reporting for your stakeholders'],
    },
    {
      title: 'For Community Organizations',
      body: 'Identify local business partners, make a compelling case and manage relationships that grow over time.',
    },
    {
      title: 'Shared-Value Programs',
      body: 'Partnerships that go beyond donations: workforce pipelines, supplier diversity and joint programs that serve a shared market.',
    },
  ],
};

export default content;
