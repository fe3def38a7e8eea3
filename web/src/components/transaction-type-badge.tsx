import { Badge } from '@chakra-ui/react';
import type { AdminTransactionKind, AdminTransactionType } from '@savings/contracts';

const KIND_LABEL: Record<AdminTransactionKind, string> = {
  adjustment: 'Adjustment',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
};

/**
 * A balance change by what caused it, "+ Deposit", "- Withdrawal", "- Adjustment": green when it adds,
 * red when it takes away (product.md's "+ Credit" / "- Credit" colours, with the kind named).
 */
export function TransactionTypeBadge({ kind, type }: { kind: AdminTransactionKind; type: AdminTransactionType }) {
  const credit = type === 'add';
  return (
    <Badge colorPalette={credit ? 'green' : 'red'} whiteSpace="nowrap">
      {credit ? '+' : '-'} {KIND_LABEL[kind] ?? (credit ? 'Credit' : 'Debit')}
    </Badge>
  );
}
