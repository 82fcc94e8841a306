import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'Leadership changes are the riskiest moments in an organization\'s life, and the most promising. We help leaders grow into bigger roles, teams work better together, and transitions happen without losing staff, donors or momentum.',
  ],
  sections: [
    {
      title: 'Leadership Coaching',
      body: 'One-to-one coaching for executive directors, new managers and emerging leaders, focused on the decisions in front of them right now.',
      points: ['Confidential sessions every two weeks', '360-degree feedback at the start and end', 'A personal development plan'],
    },
    {
      title: 'Team Building',
      body: 'Workshops that build trust, clarify roles and turn a group of busy people into a team that shares priorities.',
      points: ['Team health assessment', 'Role and decision-rights mapping', 'Facilitated retreats'],
    },
    {
      title: 'Managing Change',
      body: 'Practical support when you restructure, merge, grow quickly or change direction, so people understand the why and the how.',
      points: ['Change communication plans', 'Stakeholder mapping', 'Check-ins through the first 90 days'],
    },
    {
      title: 'Succession Planning',
      body: 'Emergency and planned succession plans that protect your mission when a key leader leaves, and an executive search process when the time comes.',
      points: ['Emergency succession policy for the board', 'Leadership pipeline development', 'Executive search and onboarding'],
    },
    {
      title: 'AI for Leadership',
      body: 'Help leaders use AI to prepare for meetings, draft communications and analyse information, with policies that keep judgement human.',
      points: ['Hands-on AI sessions for leadership teams', 'An AI use policy your board can adopt'],
    },
  ],
};

export default content;
