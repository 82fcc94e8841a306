import { Container, Stack, Text, Title } from '@mantine/core';
import { Island } from '../../components/island';
import { accountIsland } from '../../lib/account/account-context';
import accountPageIsland from './account.island';

export default function AccountPage({ heading }: { heading: string }) {
  return (
    <Container size="md" py="xl" component="section" aria-labelledby="page-title">
      <Stack gap="lg">
        <Title order={1} id="page-title" tabIndex={-1}>
          {heading}
        </Title>
        <Island of={accountPageIsland} props={{}} {...accountIsland} />
        <noscript>
          <Text>Your account needs JavaScript.</Text>
        </noscript>
      </Stack>
    </Container>
  );
}
