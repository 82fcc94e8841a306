import type { ImageSpec } from '../config/site-types';
import { imageUrl } from './images';

interface IllustrationProps {
  image: ImageSpec;
  /** Above-the-fold images load eagerly; the rest wait until scrolled near. */
  priority?: boolean;
  className?: string;
}

/** A local SVG illustration with explicit size, so it never shifts the layout while loading. */
export function Illustration({ image, priority = false, className }: IllustrationProps) {
  return (
    <img
      src={imageUrl[image.key]}
      alt={image.alt}
      width={800}
      height={500}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
