import type { ServiceContent } from '../../src/config/site-types';

const content: ServiceContent = {
  intro: [
    'AI can draft, summarise, translate and analyse in seconds. The hard part is knowing where it helps your work, where it does not, and how to use it without risking the trust of the people you serve.',
    'We start with your real tasks, not the technology, and build from quick wins to lasting habits.',
  ],
  sections: [
    {
      title: 'AI Opportunity Review',
      body: 'We interview your team and map the tasks that take the most time. Then we show which ones AI can speed up today, with examples using your own documents.',
    },
    {
      title: 'Guardrails First',
      body: 'Before anyone pastes a donor list into a chatbot, we help you write a clear AI use policy covering privacy, accuracy, bias and disclosure.',
      points: ['AI use policy and staff guidelines', 'Tool selection with privacy review', 'Human review checkpoints'],
    },
    {
      title: 'Training and Adoption',
      body: 'Hands-on sessions where staff practise on real work: grant drafts, newsletters, meeting notes and data summaries. We follow up until new habits stick.',
    },
  ],
};

export default content;
