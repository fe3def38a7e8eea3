import { Button, type ButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import type { BalanceOperation } from '@savings/contracts';

/** A user's actions in the users table: the closed button (user-actions-menu.tsx) and its menu (actions-menu.tsx). */
export type UserAction = BalanceOperation | 'deposit';

export const ACTIONS: { value: UserAction; label: string }[] = [
  { value: 'add', label: 'Add Balance' },
  { value: 'subtract', label: 'Remove Balance' },
  { value: 'deposit', label: 'Confirm Deposit' },
];

export const ActionsButton = forwardRef<HTMLButtonElement, ButtonProps & { userName: string }>(function ActionsButton(
  { userName, ...props },
  ref,
) {
  return (
    <Button ref={ref} size="xs" variant="outline" aria-label={`Actions for ${userName}`} {...props}>
      Actions ▾
    </Button>
  );
});
