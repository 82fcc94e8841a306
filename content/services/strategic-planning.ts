import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Most organizations do not lack ideas; they lack focus. Our planning process narrows a long wish list into a handful of goals your whole team can name, fund and track.',
    'We facilitate, you decide. The result is a plan written in plain language, with a one-page summary for your board and a working version for your staff.',
  ],
  sections: [
    {
      title: 'What You Get',
      body: 'A three-year strategic plan, built in eight to twelve weeks.',
      points: [
        'Stakeholder interviews and a short community survey',
        'Two facilitated planning retreats with board and staff',
        'A one-page plan summary and a detailed action plan',
        'A simple dashboard to track progress every quarter',
      ],
    },
    {
      title: 'Who It Is For',
      body: 'Boards and leadership teams preparing for growth, a new executive, a funding shift or a plan that expired years ago.',
    },
  ],
  process: {
    title: 'Our Four-Step Process',
    intro: 'Each step ends with a decision, so momentum never stalls.',
    steps: [
      { title: 'Understand & Discover', description: 'We listen to staff, board, funders and the people you serve, and review your data to see where you really stand.', icon: 'bulb' },
      { title: 'Set Clear Goals', description: 'Together we choose three to five goals that matter most and define what success looks like for each.', icon: 'target' },
      { title: 'Create Action Steps', description: 'Every goal gets owners, deadlines, budgets and first-quarter actions, so work starts the week after approval.', icon: 'route' },
      { title: 'Track & Adjust', description: 'Quarterly check-ins and a live dashboard keep the plan honest and let you adapt when the world changes.', icon: 'chart' },
    ],
  },
  aiInsights: {
    title: 'AI Insights in Your Plan',
    intro: 'We use AI where it makes planning faster and sharper, always with people making the decisions.',
    points: [
      { title: 'Faster listening', description: 'AI helps us summarise hundreds of survey comments into themes you can verify in minutes.', icon: 'sparkles' },
      { title: 'Scenario testing', description: 'We model funding and demand scenarios so your goals hold up in good years and lean ones.', icon: 'chart' },
      { title: 'Living dashboards', description: 'Automated progress reports save staff hours every quarter and keep the board informed.', icon: 'devices' },
    ],
  },
};

export default content;
