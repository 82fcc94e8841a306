import type { AboutContent } from '../src/config/site-types';

const about: AboutContent = {
  intro: [
    'Keystone Impact Partners is a small consultancy with a big network. We help nonprofits, small and medium businesses, social enterprises, government agencies, foundations and equity advocates do more of what they exist to do.',
    'Together we have helped raise more than $100 million and convened a coalition of 130+ organizations working on housing, health, education and economic opportunity.',
  ],
  consultants: [
    {
      name: 'Dr. Maya Thompson',
      role: 'Founder & Principal Consultant',
      bio: [
        'Maya spent fifteen years leading community organizations, including a regional housing nonprofit she grew from four staff to sixty. She has guided more than forty boards through strategic plans and leadership transitions.',
        'She holds a doctorate in public administration and teaches nonprofit strategy as an adjunct professor.',
      ],
      focus: ['Strategic planning', 'Leadership transitions', 'Government relations'],
      portrait: { key: 'portraitMaya', alt: 'Illustrated portrait of Dr. Maya Thompson' },
    },
    {
      name: 'Marcus Reyes',
      role: 'Partner, Funding & AI Strategy',
      bio: [
        'Marcus has written and managed grants worth over $60 million from federal agencies, foundations and corporate funders. He now helps organizations adopt AI tools responsibly, from grant research to donor communications.',
        'Before consulting he ran technology and development teams at two national nonprofits.',
      ],
      focus: ['Grant writing & funding strategy', 'AI integration', 'Nonprofit technology'],
      portrait: { key: 'portraitMarcus', alt: 'Illustrated portrait of Marcus Reyes' },
    },
  ],
  outcomes: [
    { value: '40+', label: 'boards guided through strategic plans' },
    { value: '$60M+', label: 'in grants written and managed' },
    { value: '130+', label: 'partner organizations in our coalition' },
  ],
  strengths: [
    { title: 'We Have Done the Work', description: 'Our consultants have run organizations, not just advised them.', icon: 'route' },
    { title: 'Proven Fundraising Results', description: 'More than $100M raised through grants, campaigns and partnerships.', icon: 'coins' },
    { title: 'A Coalition Behind You', description: 'Introductions to 130+ partner organizations, funders and agencies.', icon: 'world' },
    { title: 'Responsible AI Expertise', description: 'Practical AI adoption with clear policies, privacy and human review.', icon: 'sparkles' },
    { title: 'Equity at the Center', description: 'Plans shaped with the communities they affect, not just for them.', icon: 'heart' },
    { title: 'Tools You Keep', description: 'Templates, dashboards and training your team owns after we leave.', icon: 'bulb' },
  ],
  coreServices: [
    { title: 'Strategic Planning', description: 'Focused plans with goals, owners and measures.', icon: 'compass', to: '/services/strategic-planning' },
    { title: 'Leadership Development', description: 'Coaching, team building and succession planning.', icon: 'users', to: '/services/leadership-development' },
    { title: 'Grant Writing & Funding', description: 'Proposals that win and funding that lasts.', icon: 'coins', to: '/services/grant-writing-strategy' },
    { title: 'AI Integration', description: 'Responsible AI that saves your team real time.', icon: 'sparkles', to: '/services/ai-integration' },
    { title: 'Impact Measurement', description: 'Evidence of the difference you make.', icon: 'chart', to: '/services/impact-measurement' },
  ],
  audiences: [
    { title: 'Nonprofits & Foundations', description: 'From grassroots groups to established foundations planning their next chapter.', icon: 'heart' },
    { title: 'Small & Medium Businesses', description: 'Local companies that want community partnerships with real, shared value.', icon: 'handshake' },
    { title: 'Social Enterprises', description: 'Mission-led ventures balancing earned revenue with social return.', icon: 'bulb' },
    { title: 'Government Agencies & Equity Advocates', description: 'Public partners and advocates working for fair, effective policy.', icon: 'building' },
  ],
  quote: {
    text: 'A good plan has to survive a busy Monday. We build ours with the people who will carry them out.',
    by: 'Dr. Maya Thompson, Founder',
  },
  cta: {
    title: 'Let\'s Talk About Your Goals',
    body: 'Tell us where your organization is headed. We will listen first, then suggest a practical next step.',
    action: { label: 'Start the Conversation', to: '/contact' },
  },
};

export default about;
