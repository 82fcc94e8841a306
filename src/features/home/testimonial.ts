/** A row of the `testimonials` table, newest first. */
export interface Testimonial {
  video_url: string | null;
  content: string;
  client_name: string;
  title: string;
  created_at: string;
}
