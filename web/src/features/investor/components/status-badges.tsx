import { Badge } from '@chakra-ui/react';
import type { DepositRequestStatus, WithdrawalStatus } from '@savings/contracts';

/** product.md section 4: confirmed default, cancelled destructive, anything else outlined as pending. */
export function DepositStatusBadge({ status }: { status: DepositRequestStatus }) {
  if (status === 'confirmed') return <Badge variant="solid">Confirmed</Badge>;
  if (status === 'cancelled')
    return (
      <Badge variant="solid" colorPalette="red">
        Cancelled
      </Badge>
    );
  return <Badge variant="outline">Pending</Badge>;
}

const withdrawalStyles: Record<WithdrawalStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'yellow' },
  processed: { label: 'Processed', palette: 'blue' },
  completed: { label: 'Completed', palette: 'green' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const style = withdrawalStyles[status] ?? withdrawalStyles.pending;
  return <Badge colorPalette={style.palette}>{style.label}</Badge>;
}
