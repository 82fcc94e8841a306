import type { CourseContent } from '../../src/config/site-types';

const content: CourseContent = {
  about: [
    'AI for Doing Good is our most popular course and the best place to start if you have never used AI at work. In eight weeks you will learn what today\'s AI tools can and cannot do, and practise using them on real tasks from mission-driven organizations.',
    'You will finish with a set of everyday uses that save you time and a draft AI use policy your board can adopt.',
  ],
  learn: [
    'Understand how AI tools work, in plain language',
    'Write clear prompts for drafting, summarising and translating',
    'Protect the privacy of clients, donors and staff',
    'Spot inaccurate or biased answers and correct them',
    'Choose affordable tools that fit your organization',
    'Draft an AI use policy for your organization',
  ],
  lessons: [
    { title: 'What AI Is and Is Not', description: 'A jargon-free tour of the tools and their limits.' },
    { title: 'Prompting for Everyday Work', description: 'Emails, meeting notes and newsletters in minutes.' },
    { title: 'Privacy, Bias and Trust', description: 'The guardrails every organization needs.' },
    { title: 'Your AI Action Plan', description: 'Choose your first uses and write your policy.' },
  ],
  included: ['16 video lessons', 'Weekly hands-on exercises', 'AI use policy template', 'Live office hours every other week', 'Certificate of completion'],
};

export default content;
