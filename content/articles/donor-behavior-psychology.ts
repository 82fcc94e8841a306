import type { ArticleContent } from '../../src/config/site-types';

const content: ArticleContent = {
  sections: [
    {
      title: 'People give to people',
      body: [
        'Research on charitable giving has shown for decades that a single, named person moves donors more than statistics about thousands. Lead with one story, then use numbers to show the story is not unique.',
      ],
    },
    {
      title: 'Why donors stop giving',
      body: ['Most donors who lapse are not unhappy; they simply do not feel noticed. The most common reasons are easy to fix.'],
      points: [
        'They were never thanked, or were thanked weeks later',
        'They never heard what their gift achieved',
        'Every message asked for money and nothing else',
        'They felt the organization did not need them',
      ],
    },
    {
      title: 'Appeals that respect donors',
      body: [
        'Make the donor the hero of the story, be specific about what a gift will do, and give a reason to act now that is true. Avoid guilt and manufactured urgency: they raise money once and cost trust for years.',
        'Thank within 48 hours, report results within 90 days, and ask again only after you have shown impact.',
      ],
    },
  ],
  takeaway: 'Donor retention is a relationship, not a campaign: prompt thanks and honest reports of impact do more for next year\'s revenue than a cleverer appeal.',
};

export default content;
