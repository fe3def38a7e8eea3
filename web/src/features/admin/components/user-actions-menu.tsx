import { Button, Menu, Portal, type ButtonProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import type { AdminUserItem, BalanceOperation } from '@savings/contracts';

export type UserAction = BalanceOperation | 'deposit';

const ACTIONS: { value: UserAction; label: string }[] = [
  { value: 'add', label: 'Add Balance' },
  { value: 'subtract', label: 'Remove Balance' },
  { value: 'deposit', label: 'Confirm Deposit' },
];

const ActionsButton = forwardRef<HTMLButtonElement, ButtonProps & { userName: string }>(function ActionsButton(
  { userName, ...props },
  ref,
) {
  return (
    <Button ref={ref} size="xs" variant="outline" aria-label={`Actions for ${userName}`} {...props}>
      Actions ▾
    </Button>
  );
});

/**
 * A user's actions behind one compact button: three labelled buttons per row made the users table wider
 * than a 1280 px screen and cut them to "Ad / Re / De". The menu itself (a state machine per menu) is
 * made on the first click only: 50 rows do not each carry one they may never open.
 */
export function UserActionsMenu({ user, onAction }: { user: AdminUserItem; onAction: (action: UserAction) => void }) {
  const [armed, setArmed] = useState(false);
  if (!armed) return <ActionsButton userName={user.name} aria-haspopup="menu" onClick={() => setArmed(true)} />;
  return (
    <Menu.Root defaultOpen positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <ActionsButton userName={user.name} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {ACTIONS.map((action) => (
              // a click (or Enter, which clicks the highlighted item) picks the action
              <Menu.Item key={action.value} value={action.value} onClick={() => onAction(action.value)}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
