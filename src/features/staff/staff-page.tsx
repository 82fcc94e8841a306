import { SignedInPage } from '../../components/signed-in-page';
import staffIsland from './staff.island';

export default function StaffPage({ heading }: { heading: string }) {
  return <SignedInPage heading={heading} island={staffIsland} props={{}} size="lg" needsScript="The staff inbox needs JavaScript." />;
}
