import { lazy, Suspense } from 'react';
import { defineIsland } from '../../components/island';
import { Section } from '../../components/section';
import type { Testimonial } from './testimonial';
import { useTestimonials } from './use-testimonials';

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

function LiveTestimonials({ title, intro }: { title: string; intro: string }) {
  return <TestimonialsSection title={title} intro={intro} testimonials={useTestimonials()} />;
}

/** Testimonials come from the backend in the browser, when the section comes near the viewport. */
export const testimonialsIsland = defineIsland<{ title: string; intro: string }>('testimonials', (props) => <LiveTestimonials {...props} />);
