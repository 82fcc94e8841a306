import { Anchor, Container, Stack, Text, Title } from '@mantine/core';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong while loading this page.';
}

/**
 * What a visitor sees when a route fails. The home link is a plain anchor: a full reload is the
 * surest way back to a working page.
 */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Container size="sm" py={80} component="main">
      <Stack gap="md">
        <Title order={1}>Unexpected Application Error!</Title>
        <Text size="lg">{describe(error)}</Text>
        <Text>
          Please try again in a moment, or <Anchor href="/">go to the home page</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
