import { Menu, Portal } from '@chakra-ui/react';
import type { AdminUserItem } from '@savings/contracts';
import { ACTIONS, ActionsButton, type UserAction } from './actions-button';

/** The open actions menu of user-actions-menu.tsx, loaded on its first click. */
export function ActionsMenu({ user, onAction }: { user: AdminUserItem; onAction: (action: UserAction) => void }) {
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
