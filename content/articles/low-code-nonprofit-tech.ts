import type { ArticleContent } from '../../src/config/site-types';

const content: ArticleContent = {
  sections: [
    {
      title: 'What low-code is good at',
      body: [
        'Low-code and no-code tools let non-developers build forms, simple databases, automations and dashboards by configuring rather than programming. For small teams, they can replace a tangle of spreadsheets in days.',
      ],
      points: ['Program intake and registration forms', 'Volunteer scheduling and reminders', 'Simple case tracking', 'Automated reports and dashboards'],
    },
    {
      title: 'Where it stops being the right answer',
      body: [
        'Low-code tools struggle with sensitive data that needs strict access controls, complex reporting for government contracts, and anything that many people depend on every day without a clear owner.',
        'Before you build, ask who will maintain it when the person who built it leaves.',
      ],
    },
    {
      title: 'A safe way to start',
      body: [
        'Pick one annoying, low-risk process. Build it in a tool with nonprofit pricing and good export options, document it on one page, and name a second person who knows how it works.',
      ],
    },
  ],
  takeaway: 'Low-code is a great first step for small teams when every tool has an owner, a one-page guide and a way to get your data out.',
};

export default content;
