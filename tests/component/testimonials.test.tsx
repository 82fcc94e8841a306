// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Testimonial } from '../../src/features/home/testimonial';
import { TestimonialsSection } from '../../src/features/home/testimonials-section';
import { render } from './render';

const testimonials: Testimonial[] = [
  { client_name: 'Ana Ruiz', title: 'Director, Casa Verde', content: 'Our plan finally fits on one page.', video_url: null, created_at: '2026-03-01T00:00:00Z' },
  { client_name: 'Ben Okafor', title: 'Owner, Okafor Bakery', content: 'The partnership paid for itself.', video_url: 'https://www.youtube-nocookie.com/embed/abc', created_at: '2026-02-01T00:00:00Z' },
];

describe('testimonials section', () => {
  it('is absent when there are no testimonials', () => {
    const { container } = render(<TestimonialsSection title="What Our Clients Say" intro="x" testimonials={[]} />);
    expect(container.querySelector('#testimonials')).toBeNull();
    expect(screen.queryByText('What Our Clients Say')).toBeNull();
  });

  it('shows content, client name and title, and a video facade that loads no player until clicked', async () => {
    const user = userEvent.setup();
    render(<TestimonialsSection title="What Our Clients Say" intro="x" testimonials={testimonials} />);
    expect(await screen.findByText('Our plan finally fits on one page.')).toBeInTheDocument();
    expect(screen.getByText('Ana Ruiz')).toBeInTheDocument();
    expect(screen.getByText(', Director, Casa Verde')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play video: Video testimonial from Ben Okafor' }));
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc');
  });
});
