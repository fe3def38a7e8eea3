import { Button, Menu, Portal } from '@chakra-ui/react';
import type { AdminUserItem, BalanceOperation } from '@savings/contracts';

export type UserAction = BalanceOperation | 'deposit';

const ACTIONS: { value: UserAction; label: string }[] = [
  { value: 'add', label: 'Add Balance' },
  { value: 'subtract', label: 'Remove Balance' },
  { value: 'deposit', label: 'Confirm Deposit' },
];

/**
 * A user's actions behind one compact button: three labelled buttons per row made the users table wider
 * than a 1280 px screen and cut them to "Ad / Re / De".
 */
export function UserActionsMenu({ user, onAction }: { user: AdminUserItem; onAction: (action: UserAction) => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" aria-label={`Actions for ${user.name}`}>
          Actions ▾
        </Button>
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
