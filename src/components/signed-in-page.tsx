import { Button, Container, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { useEffect } from 'react';
import { accountIsland, opensAuthDialog } from '../lib/account/account-context';
import { Island, type IslandDefinition, type IslandProps } from './island';

/**
 * A page for the signed-in (/staff, /account): its heading, and an island whose prerendered HTML is only
 * the signed-out gate (SignInGate); what the person may see is read in the browser through their session.
 */
export function SignedInPage<P extends IslandProps>({ heading, island, props, size, needsScript }: { heading: string; island: IslandDefinition<P>; props: P; size: MantineSize; needsScript: string }) {
  return (
    <Container size={size} py="xl" component="section" aria-labelledby="page-title">
      <Stack gap="lg">
        <Title order={1} id="page-title" tabIndex={-1}>
          {heading}
        </Title>
        <Island of={island} props={props} {...accountIsland} />
        <noscript>
          <Text>{needsScript}</Text>
        </noscript>
      </Stack>
    </Container>
  );
}

/**
 * The signed-out gate is the island's HTML: its Sign In opens the dialog before any script. While a
 * stored session is checked, the stylesheet shows "Checking your sign-in…" in its place (src/styles.css).
 */
export function SignInGate({ why }: { why: string }) {
  return (
    <>
      <Text data-while-checking aria-live="polite">
        Checking your sign-in…
      </Text>
      <Stack align="flex-start" data-account-control>
        <Text>{why}</Text>
        <Button {...opensAuthDialog}>Sign In</Button>
      </Stack>
    </>
  );
}

/**
 * A view inside a signed-in page names itself: the page's heading (prerendered outside the island) and
 * the tab's title ("<tab> | <site>"), given back when the view goes.
 */
export function useViewTitle(heading: string, tab = heading) {
  useEffect(() => {
    const h1 = document.getElementById('page-title');
    const before = { heading: h1?.textContent ?? '', title: document.title };
    const site = before.title.includes(' | ') ? before.title.slice(before.title.indexOf(' | ')) : '';
    if (h1) h1.textContent = heading;
    document.title = `${tab}${site}`;
    return () => {
      if (h1) h1.textContent = before.heading;
      document.title = before.title;
    };
  }, [heading, tab]);
}
