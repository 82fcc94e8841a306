import { Text } from '@mantine/core';
import { SmartAnchor } from '../../components/smart-link';
import { consultantPath } from '../../config/consultant-anchor';
import type { Consultant, InternalResource } from '../../config/site-types';

// A calendar date, the same on every server and in every visitor's timezone.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const publishedOn = (resource: InternalResource) => longDate.format(new Date(`${resource.published}T00:00:00Z`));

/** Who wrote an article and when; on the article itself the author's role too, linking to the team on /about. */
export function Byline({ resource, author }: { resource: InternalResource; author?: Consultant }) {
  return (
    <Text c="dimmed" size="sm">
      {author ? (
        <>
          By{' '}
          <SmartAnchor to={consultantPath(author)} fw={600}>
            {author.name}
          </SmartAnchor>
          , {author.role}
        </>
      ) : (
        resource.author
      )}{' '}
      · <time dateTime={resource.published}>{publishedOn(resource)}</time>
    </Text>
  );
}
