import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Funders want evidence. Communities want to be heard. We help you do both with engagement methods that build trust and measurement systems small enough to keep running.',
  ],
  sections: [
    {
      title: 'Community Engagement',
      body: 'Listening sessions, surveys and advisory groups designed so the people you serve shape your programs, not just react to them.',
      points: ['Inclusive listening sessions', 'Multilingual surveys', 'Community advisory councils'],
    },
    {
      title: 'Logic Models and Indicators',
      body: 'A clear picture of how your work creates change, with a short list of indicators you can actually collect.',
    },
    {
      title: 'Reporting That Tells a Story',
      body: 'Dashboards and annual impact reports that combine numbers with the voices behind them, ready for funders, boards and the public.',
      points: ['Impact dashboard', 'Funder-ready outcome reports', 'Story collection guide'],
    },
  ],
};

export default content;
