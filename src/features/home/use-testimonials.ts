import { useEffect, useState } from 'react';
import { loadBackend } from '../../lib/backend/load';
import type { Testimonial } from './testimonial';

/**
 * Testimonials from the backend, newest first, fetched when the section's island starts (near the
 * viewport). A failed load leaves the list empty, which hides the section.
 */
export function useTestimonials(): Testimonial[] {
  const [testimonials, setTestimonials] = useState<Testimonial[]>([]);
  useEffect(() => {
    let active = true;
    void loadBackend()
      .then((supabase) => supabase.from('testimonials').select('video_url, content, client_name, title, created_at').order('created_at', { ascending: false }))
      .then(({ data, error }) => {
        if (error) throw error;
        if (active) setTestimonials(data ?? []);
      })
      .catch((error: unknown) => console.warn('Testimonials could not be loaded; the section stays hidden.', error));
    return () => {
      active = false;
    };
  }, []);
  return testimonials;
}
