import { defineIsland } from '../../components/island';
import { VideoFacade } from '../../components/video-facade';
import type { ImageSpec } from '../../config/site-types';

/** The home page's video: its poster and play button are HTML; the player loads on the press. */
export default defineIsland<{ embedUrl: string; title: string; poster: ImageSpec }>('home/video', (props) => <VideoFacade {...props} />);
