import { Text } from '@chakra-ui/react';
import { needsSecondAdmin, secondAdminNote, usePendingApprovals } from '../api/approvals';

/** Says, in a money dialog, when the move will wait for a second admin (the server decides it). */
export function SecondAdminNote({ amount }: { amount: string }) {
  const threshold = usePendingApprovals().data?.fourEyesThreshold;
  if (threshold === null || threshold === undefined || !needsSecondAdmin(threshold, Number(amount))) return null;
  return (
    <Text textStyle="sm" color="orange.700" data-testid="second-admin-note">
      {secondAdminNote(threshold)}
    </Text>
  );
}
