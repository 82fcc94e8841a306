import { defineIsland } from '../../components/island';
import { TestimonialsSection } from './testimonials-section';
import { useTestimonials } from './use-testimonials';

function LiveTestimonials({ title, intro }: { title: string; intro: string }) {
  return <TestimonialsSection title={title} intro={intro} testimonials={useTestimonials()} />;
}

/** Testimonials come from the backend in the browser, when the section comes near the viewport. */
export default defineIsland<{ title: string; intro: string }>('home/testimonials', (props) => <LiveTestimonials {...props} />);
