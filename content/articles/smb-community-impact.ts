import type { ArticleContent } from '../../src/config/site-types';

const content: ArticleContent = {
  sections: [
    {
      title: 'Why sponsorships alone fall short',
      body: [
        'A logo on a banner builds awareness for a season. A partnership built around a shared goal, such as more local jobs or healthier families, builds loyalty for years.',
        'In our coalition work, the business partnerships that lasted longest had three things in common: a goal both sides cared about, a named contact on each side and a yearly review of results.',
      ],
    },
    {
      title: 'Five partnership models that work',
      body: ['Match the model to what each side can genuinely offer.'],
      points: [
        'Skilled volunteering: staff lend expertise such as accounting, marketing or IT',
        'Workforce pipelines: training programs that lead to jobs with the partner business',
        'Cause marketing: a share of sales supports a clearly defined program',
        'In-kind support: space, equipment or services that replace a budget line',
        'Joint programs: both partners deliver a service neither could offer alone',
      ],
    },
    {
      title: 'Measuring what both sides gain',
      body: [
        'Agree at the start on two or three measures for each partner: people served and volunteer hours for the nonprofit; employee engagement and customer reach for the business. Report them together once a year.',
      ],
    },
  ],
  takeaway: 'Start small with one shared goal, measure it honestly, and let a successful first year make the case for a bigger second one.',
};

export default content;
