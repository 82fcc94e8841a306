import { Container, Stack, Text, Title } from '@mantine/core';
import { Island } from '../../components/island';
import { accountIsland } from '../../lib/account/account-context';
import staffIsland from './staff.island';

export default function StaffPage({ heading }: { heading: string }) {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="page-title">
      <Stack gap="lg">
        <Title order={1} id="page-title" tabIndex={-1}>
          {heading}
        </Title>
        <Island of={staffIsland} props={{}} {...accountIsland} />
        <noscript>
          <Text>The staff inbox needs JavaScript.</Text>
        </noscript>
      </Stack>
    </Container>
  );
}

