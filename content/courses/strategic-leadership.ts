import type { CourseContent } from '../../src/config/site-types';

const content: CourseContent = {
  about: [
    'Smart Leadership for Impact is a twelve-week program for people who lead teams in mission-driven organizations, whether you were promoted last month or have led for years.',
    'Each week pairs two short video lessons with a practical exercise you complete in your own workplace, so learning turns into action.',
  ],
  learn: [
    'Set a clear direction and explain it so your team can act on it',
    'Run meetings that end with decisions, owners and deadlines',
    'Give feedback that improves performance and keeps trust intact',
    'Lead through change, conflict and uncertainty',
    'Delegate well and grow the next generation of leaders',
    'Work effectively with your board and funders',
  ],
  lessons: [
    { title: 'Leading From Purpose', description: 'Connect daily decisions to your mission and values.' },
    { title: 'The Decision-Making Toolkit', description: 'Frameworks for making hard calls quickly and fairly.' },
    { title: 'Feedback That Lands', description: 'A simple model for honest, respectful conversations.' },
    { title: 'Building Your Successor', description: 'Delegation and coaching habits that grow future leaders.' },
  ],
  included: ['24 video lessons', '12 hands-on workplace exercises', 'Live office hours every other week', 'Downloadable templates', 'Certificate of completion'],
};

export default content;
