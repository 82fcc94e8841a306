import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { ImageSpec } from '../config/site-types';
import { Icon } from './icon';
import { imageUrl } from './images';
import classes from './video-facade.module.css';

interface VideoFacadeProps {
  /** The player URL, loaded only after the visitor asks for it. */
  embedUrl: string;
  title: string;
  poster?: ImageSpec;
  /** Fill the parent's height (a fixed-height frame) instead of keeping 16:9 from the width. */
  fill?: boolean;
  /** Words on the poster (who speaks), for a video with no poster image of its own. */
  caption?: string;
}

/**
 * A poster and a play button in place of the player: no third-party request, cookie or
 * script until the visitor clicks, so pages stay fast and private.
 */
export function VideoFacade({ embedUrl, title, poster, fill = false, caption }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className={classes.frame} data-fill={fill || undefined}>
      {playing ? (
        <iframe
          className={classes.player}
          src={embedUrl}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <UnstyledButton className={classes.poster} onClick={() => setPlaying(true)} aria-label={`Play video: ${title}`}>
          {poster && <img src={imageUrl[poster.key]} alt="" width={1280} height={720} loading="lazy" decoding="async" />}
          <span className={classes.play} aria-hidden="true">
            <Icon name="play" size={36} />
          </span>
          {caption && (
            <span className={classes.caption} aria-hidden="true">
              {caption}
            </span>
          )}
        </UnstyledButton>
      )}
    </div>
  );
}

/** YouTube's privacy-enhanced player, started on the click that loaded it. */
export function youTubeEmbedUrl(id: string) {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
}
