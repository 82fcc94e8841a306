import type { HomeContent } from '../src/config/site-types';

const home: HomeContent = {
  hero: {
    eyebrow: 'Consulting for nonprofits, small businesses and public agencies',
    subtitle:
      'We combine decades of mission-driven leadership with practical AI know-how, so your organization plans smarter, raises more and serves more people.',
    primary: { label: 'Start a Conversation', to: '/contact' },
    secondary: { label: 'Explore Our Services', to: '/services' },
    image: { key: 'hero', alt: 'Abstract illustration of a compass over a network of connected communities' },
  },
  stats: [
    { value: '$100M+', label: 'raised for our clients and partners' },
    { value: '130+', label: 'organizations in our coalition' },
    { value: '20+', label: 'years leading mission-driven work' },
  ],
  services: {
    title: 'How We Help',
    intro: 'Four places where our clients see results fastest.',
    cards: [
      {
        title: 'Planning for Success',
        description: 'A focused strategic plan with clear goals, owners and measures, built with your board and staff.',
        icon: 'compass',
        to: '/services/strategic-planning',
      },
      {
        title: 'Smart AI Ideas',
        description: 'Practical, responsible uses of AI that save hours each week without putting trust at risk.',
        icon: 'sparkles',
        to: '/services/ai-integration',
      },
      {
        title: 'Tech for Nonprofits',
        description: 'The right CRM, fundraising and program tools, connected so your data works for you.',
        icon: 'devices',
        to: '/services/nonprofit-tech-integration',
      },
      {
        title: 'Winning Grants',
        description: 'Funder research, persuasive proposals and a diversified funding plan that lasts.',
        icon: 'coins',
        to: '/services/grant-writing-strategy',
      },
    ],
  },
  video: {
    title: 'Rethinking How Good Gets Done',
    intro:
      'This talk shapes how we work with clients: invest in capacity, take smart risks and measure impact rather than overhead.',
    youtubeId: 'bfAzi6D5FpM',
    videoTitle: 'The way we think about charity is dead wrong, by Dan Pallotta (TED)',
    poster: { key: 'poster', alt: 'Video poster: a speaker on stage in front of an audience' },
  },
  testimonials: {
    title: 'What Our Clients Say',
    intro: 'Leaders from nonprofits, businesses and public agencies on working with us.',
  },
  about: {
    title: 'Experience You Can Build On',
    body: [
      'Our consultants have led nonprofits, advised city halls and built community partnerships from the ground up. We have sat in your chair, and we know that good plans have to survive a busy Monday.',
      'Every engagement is hands-on: we work alongside your team, leave behind tools you can keep using, and measure success by the progress you make after we leave.',
    ],
    action: { label: 'Meet Our Team', to: '/about' },
    image: { key: 'community', alt: 'Abstract illustration of people gathered around a shared table' },
  },
  cta: {
    title: 'Not Sure Where to Begin?',
    body: 'Our free needs assessment takes about ten minutes. Tell us about your organization and we will recommend the first step that matters most.',
    action: { label: 'Start Today', to: '/assessment' },
  },
};

export default home;
