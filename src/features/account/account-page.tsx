import { SignedInPage } from '../../components/signed-in-page';
import accountPageIsland from './account.island';

export default function AccountPage({ heading }: { heading: string }) {
  return <SignedInPage heading={heading} island={accountPageIsland} size="md" needsScript="Your account needs JavaScript." />;
}
