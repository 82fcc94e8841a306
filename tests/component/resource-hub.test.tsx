// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resourceCategories, resources } from '../../site.config';
import { categoryImage, imageUrl } from '../../src/components/images';
import type { Resource } from '../../src/config/site-types';
import { ResourceHub } from '../../src/features/resources/resource-hub';
import { render } from './render';

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('resource hub', () => {
  // The chosen category is in the page's address; each test starts from /blog with none.
  afterEach(() => history.replaceState(null, '', '/blog'));

  it('shows every resource under All, the default filter', () => {
    render(<ResourceHub categories={resourceCategories} resources={resources} />);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toEqual(resources.map((r) => r.title));
  });

  it('narrows the grid to the chosen category and back to All', async () => {
    const user = userEvent.setup();
    render(<ResourceHub categories={resourceCategories} resources={resources} />);
    await user.click(screen.getByRole('button', { name: 'Fundraising & Philanthropy' }));
    expect(screen.getByRole('button', { name: 'Fundraising & Philanthropy' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toEqual(resources.filter((r) => r.category === 'Fundraising & Philanthropy').map((r) => r.title));
    expect(new URLSearchParams(location.search).get('category')).toBe('Fundraising & Philanthropy');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(cardTitles()).toHaveLength(resources.length);
  });

  it('says so when a category has no resources', async () => {
    const user = userEvent.setup();
    const onlyHousing: Resource[] = resources.filter((r) => r.category === 'Housing & Community Development');
    render(<ResourceHub categories={resourceCategories} resources={onlyHousing} />);
    await user.click(screen.getByRole('button', { name: 'Leadership Development' }));
    expect(screen.getByText('No resources found for this category')).toBeVisible();
    expect(cardTitles()).toEqual([]);
  });

  it('says so when there are no resources at all', () => {
    render(<ResourceHub categories={resourceCategories} resources={[]} />);
    expect(screen.getByText('No resources available at the moment')).toBeVisible();
  });

  it('shows a resource without an image its category illustration, and one with an image its own', () => {
    render(<ResourceHub categories={resourceCategories} resources={resources} />);
    for (const resource of resources) {
      const card = screen.getByRole('heading', { name: resource.title }).closest('article')!;
      const expected = resource.image ?? categoryImage[resource.category];
      expect(within(card).getByRole('img')).toHaveAttribute('alt', expected.alt);
      expect(within(card).getByRole('img').getAttribute('src')).toBe(imageUrl[expected.key]);
    }
  });
});
