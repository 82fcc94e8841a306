import type { CoursesOverviewContent } from '../src/config/site-types';

const coursesOverview: CoursesOverviewContent = {
  intro:
    'Online courses built from our consulting work: short lessons, real examples from mission-driven organizations and templates you can use the same day. Every paid course includes a certificate and a 14-day money-back promise.',
  featured: {
    eyebrow: 'Featured course',
    body: 'Never used AI at work? Start here. In eight weeks you will learn what AI tools can and cannot do, practise on real nonprofit tasks and leave with an AI use policy your board can adopt.',
  },
  gridTitle: 'See Our Courses',
  gridIntro: 'Learn at your own pace, with live office hours every other week.',
};

export default coursesOverview;
