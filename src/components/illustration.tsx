import type { ImageSpec } from '../config/site-types';
import classes from './illustration.module.css';
import { imageUrl } from './images';
import { inlineIllustrations } from './inline-illustrations';

interface IllustrationProps {
  image: ImageSpec;
  /** Above-the-fold images load eagerly; the rest wait until scrolled near. */
  priority?: boolean;
  className?: string;
}

/** A local SVG illustration with explicit size, so it never shifts the layout while loading; drawn inline where ./inline-illustrations.ts has it. */
export function Illustration({ image, priority = false, className }: IllustrationProps) {
  const markup = inlineIllustrations[image.key];
  const classNames = [classes.illustration, className].filter(Boolean).join(' ');
  if (markup) return <div role="img" aria-label={image.alt} className={classNames} dangerouslySetInnerHTML={{ __html: markup }} />;
  return (
    <img
      src={imageUrl[image.key]}
      alt={image.alt}
      width={800}
      height={500}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={classNames}
    />
  );
}
