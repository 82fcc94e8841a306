import type { CourseContent } from '../../src/config/site-types';

const content: CourseContent = {
  about: [
    'AI-Powered Grant Writing shows experienced grant writers and development staff how to use AI tools to research funders, outline proposals and edit drafts faster, without losing accuracy or your organization\'s voice.',
    'Taught by consultants who have raised more than $100 million, the course is built around real proposals and funder guidelines.',
  ],
  learn: [
    'Use AI to research and shortlist funders that match your work',
    'Turn funder guidelines into a proposal outline in minutes',
    'Draft and edit narratives while keeping facts and voice accurate',
    'Build budgets and evaluation plans that reviewers trust',
    'Follow disclosure and privacy practices funders expect',
  ],
  lessons: [
    { title: 'Prospecting With AI', description: 'Find aligned funders faster and verify what AI tells you.' },
    { title: 'From Guidelines to Outline', description: 'Structure a proposal reviewers can score easily.' },
    { title: 'Editing for Voice and Accuracy', description: 'Keep your story human and every figure correct.' },
    { title: 'Budgets and Evaluation Plans', description: 'The sections that most often decide a close call.' },
  ],
  included: ['12 video lessons', 'Prompt library for grant writers', 'Proposal and budget templates', 'Live office hours every other week', 'Certificate of completion'],
};

export default content;
