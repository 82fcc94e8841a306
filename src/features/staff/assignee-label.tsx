import { useAccount } from '../../lib/account/account-context';
import { EmailAddress } from './email-address';

/** Who has a submission, in words: "You", a colleague's address, or "Nobody yet". */
export type AssigneeLabel = (id: string | null) => string;

export function useAssigneeLabel(staff: ReadonlyMap<string, string> | undefined): AssigneeLabel {
  const me = useAccount().user?.id;
  return (id) => {
    if (!id) return 'Nobody yet';
    if (id === me) return 'You';
    return staff?.get(id) ?? 'A former staff member';
  };
}

/** A label that may be an address: an address wraps only before its @ (EmailAddress). */
export function AssigneeName({ label }: { label: string }) {
  return label.includes('@') ? <EmailAddress email={label} /> : <>{label}</>;
}
