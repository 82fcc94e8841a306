import { lazy, Suspense } from 'react';
import { Section } from '../../components/section';
import type { Testimonial } from './testimonial';

const TestimonialsCarousel = lazy(() => import('./testimonials-carousel'));

interface TestimonialsSectionProps {
  title: string;
  intro: string;
  testimonials: Testimonial[];
}

/** Hidden entirely when there is nothing to show. */
export function TestimonialsSection({ title, intro, testimonials }: TestimonialsSectionProps) {
  if (testimonials.length === 0) return null;
  return (
    <Section title={title} intro={intro} tone="tinted">
      <Suspense fallback={null}>
        <TestimonialsCarousel testimonials={testimonials} />
      </Suspense>
    </Section>
  );
}
