import { Button, Stack, Text } from '@mantine/core';
import { defineIsland } from '../../components/island';
import { MemberFileList } from '../../components/member-file-list';
import { opensAuthDialog, useAccount } from '../../lib/account/account-context';
import { memberBuckets, memberResources } from '../../../site.config';

/**
 * The members' toolkits and templates on /blog: what each is, and Download once signed in. Signed out
 * (its prerendered HTML), a Sign In that opens the dialog before any script has run.
 */
function MemberResources() {
  const { user, loading } = useAccount();
  const signedIn = Boolean(user) && !loading;
  return (
    <Stack gap="lg">
      <MemberFileList bucket={memberBuckets.memberResources} files={memberResources} signedIn={signedIn} label="Members' toolkits and templates" />
      {!signedIn && (
        <Stack gap="xs" align="flex-start" data-account-control>
          <Text>Free for members: sign in, or create an account in the same dialog, to download them.</Text>
          <Button {...opensAuthDialog}>Sign In to Download</Button>
        </Stack>
      )}
    </Stack>
  );
}

export default defineIsland('resources/member-resources', () => <MemberResources />);
