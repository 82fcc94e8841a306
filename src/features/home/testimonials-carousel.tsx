import '@mantine/carousel/styles.css';
import '@mantine/core/styles/Blockquote.css';
import { Carousel } from '@mantine/carousel';
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
  return (
    <Carousel
      emblaOptions={{ loop: true, align: 'start' }}
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
