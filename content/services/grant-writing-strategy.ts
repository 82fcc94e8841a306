import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'We have helped raise more than $100 million from federal agencies, foundations and corporate funders. We bring that experience to your proposals and, more importantly, to a funding strategy that does not depend on a single grant.',
  ],
  sections: [
    {
      title: 'Funding Strategy',
      body: 'A review of your current revenue and a plan to diversify it across grants, individual giving, earned income and partnerships.',
      points: ['Revenue mix analysis', 'Twelve-month funding calendar', 'Board fundraising roles'],
    },
    {
      title: 'Prospect Research',
      body: 'A ranked list of funders whose priorities match your work, with deadlines, award sizes and the right contacts.',
    },
    {
      title: 'Proposal Writing',
      body: 'Compelling narratives, sound budgets and evaluation plans, written with your team so your voice comes through.',
      points: ['Federal, state and foundation proposals', 'Budgets and budget justifications', 'Letters of inquiry and reports'],
    },
  ],
};

export default content;
