import type { ImageKey, ResourceCategory } from '../config/site-types';
import ai from '../assets/images/ai.svg';
import assistant from '../assets/images/assistant.svg';
import community from '../assets/images/community.svg';
import data from '../assets/images/data.svg';
import fundraising from '../assets/images/fundraising.svg';
import hero from '../assets/images/hero.svg';
import housing from '../assets/images/housing.svg';
import leadership from '../assets/images/leadership.svg';
import ledger from '../assets/images/ledger.svg';
import portraitMarcus from '../assets/images/portrait-marcus.svg';
import portraitMaya from '../assets/images/portrait-maya.svg';
import poster from '../assets/images/poster.svg';
import proposal from '../assets/images/proposal.svg';
import smb from '../assets/images/smb.svg';
import summit from '../assets/images/summit.svg';
import technology from '../assets/images/technology.svg';

export const imageUrl: Record<ImageKey, string> = {
  ai,
  community,
  data,
  fundraising,
  hero,
  housing,
  leadership,
  poster,
  smb,
  technology,
  summit,
  proposal,
  assistant,
  ledger,
  portraitMaya,
  portraitMarcus,
};

/**
 * The stand-in illustration for a resource that has no image of its own: stable per category, and shown for
 * nothing else (tests/unit/illustrations.test.ts), so one picture never stands for two unrelated topics.
 */
export const categoryImage: Record<ResourceCategory, { key: ImageKey; alt: string }> = {
  'AI & Future of Work': { key: 'ai', alt: 'Illustration for AI & Future of Work: connected nodes forming a light bulb' },
  'Leadership Development': { key: 'leadership', alt: 'Illustration for Leadership Development: a path rising to a flag' },
  'Small/Medium Business Engagement': { key: 'smb', alt: 'Illustration for business engagement: a row of local shopfronts' },
  'Fundraising & Philanthropy': { key: 'fundraising', alt: 'Illustration for fundraising: a proposal page beside stacked coins' },
  'Technology & Innovation': { key: 'technology', alt: 'Illustration for technology: a laptop and phone sharing data' },
  'Housing & Community Development': { key: 'housing', alt: 'Illustration for housing: homes and an apartment building' },
};
