import type { CourseContent } from '../../src/config/site-types';

const content: CourseContent = {
  about: [
    'Making Choices with Data teaches program and operations staff to use the data they already have. No statistics background needed: we focus on asking good questions and reading the answers honestly.',
    'You will work with sample data from real nonprofit programs and finish with a simple dashboard for your own organization.',
  ],
  learn: [
    'Decide which numbers are worth collecting and which are noise',
    'Clean and organise data in the spreadsheet tools you already use',
    'Read charts critically and spot misleading comparisons',
    'Build a one-page dashboard for your team or board',
    'Use AI assistants to summarise data, and check their work',
  ],
  lessons: [
    { title: 'Questions Before Numbers', description: 'Start every analysis with the decision it should inform.' },
    { title: 'Tidy Data in an Afternoon', description: 'Spreadsheet habits that make analysis painless.' },
    { title: 'Charts That Tell the Truth', description: 'Choose the right chart and avoid common traps.' },
    { title: 'Your First Dashboard', description: 'Bring it together in a one-page view people will use.' },
  ],
  included: ['16 video lessons', 'Practice data sets', 'Dashboard template', 'Live office hours every other week', 'Certificate of completion'],
};

export default content;
