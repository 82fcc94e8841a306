import { Carousel } from '@mantine/carousel';
import type { EmblaCarouselType } from 'embla-carousel';
import AutoHeight from 'embla-carousel-auto-height';
import { useState } from 'react';
import { Blockquote, Text } from '@mantine/core';
import { VideoFacade } from '../../components/video-facade';
import type { Testimonial } from './testimonial';
import classes from './testimonials-carousel.module.css';

/**
 * Next and previous wrap around at both ends (embla's loop). Loaded only when there is
 * at least one testimonial, so an empty table costs visitors nothing.
 */
export default function TestimonialsCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  // One plugin instance for the carousel's life (embla re-initialises when the list changes).
  const [plugins] = useState(() => [AutoHeight()]);
  const [watchResize] = useState(watchSlideHeights);
  return (
    <Carousel
      emblaOptions={{ loop: true, align: 'start', watchResize }}
      plugins={plugins}
      withIndicators
      classNames={{ root: classes.root, container: classes.container, controls: classes.controls, indicators: classes.indicators, indicator: classes.indicator }}
      slideGap="md"
      controlSize={40}
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      previousControlProps={{ 'aria-label': 'Previous testimonial' }}
      nextControlProps={{ 'aria-label': 'Next testimonial' }}
      getIndicatorProps={(index) => ({ 'aria-label': `Show testimonial ${index + 1} of ${testimonials.length}` })}
    >
      {testimonials.map((t, index) => (
        <Carousel.Slide key={`${t.client_name}-${t.created_at}`} className={classes.slide} aria-roledescription="slide" aria-label={`${index + 1} of ${testimonials.length}`}>
          <div className={classes.panel} data-video={t.video_url ? true : undefined}>
            {t.video_url && (
              <div className={classes.video}>
                <VideoFacade embedUrl={t.video_url} title={`Video testimonial from ${t.client_name}`} caption={`${t.client_name}${t.title ? `, ${t.title}` : ''}`} fill />
              </div>
            )}
            {/* Mantine fades the cite to 60 % opacity, too faint to read on the tinted band (axe color-contrast). */}
            <Blockquote className={classes.quote} color="brand" cite={<Cite name={t.client_name} title={t.title} />} styles={{ cite: { opacity: 1 } }}>
              <Text fz="inherit">{t.content}</Text>
            </Blockquote>
          </div>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

/**
 * Embla measures again when a slide gets wider or narrower, not taller; AutoHeight then keeps the track at
 * a height the slide no longer has (an empty band under a quote once the site's face loads, or the quote
 * cut off when the text is zoomed). A slide whose height changed re-measures the carousel too.
 */
function watchSlideHeights() {
  const heights = new WeakMap<Element, number>();
  return (embla: EmblaCarouselType, entries: ResizeObserverEntry[]) => {
    let changed = false;
    for (const entry of entries) {
      // The track's own height is AutoHeight's doing, not a slide's.
      if (entry.target === embla.containerNode()) continue;
      const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
      const before = heights.get(entry.target);
      heights.set(entry.target, height);
      if (before !== undefined && Math.abs(before - height) >= 0.5) changed = true;
    }
    if (!changed) return true;
    embla.reInit();
    return false;
  };
}

function Cite({ name, title }: { name: string; title: string }) {
  return (
    <>
      <Text component="span" fw={700} c="dark.7">
        {name}
      </Text>
      {title && <Text component="span" c="gray.7">{`, ${title}`}</Text>}
    </>
  );
}
