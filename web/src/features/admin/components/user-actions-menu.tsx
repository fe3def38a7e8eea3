import { lazy, Suspense, useState } from 'react';
import type { AdminUserItem } from '@savings/contracts';
import { ActionsButton, type UserAction } from './actions-button';

export type { UserAction } from './actions-button';

const ActionsMenu = lazy(() => import('./actions-menu').then((module) => ({ default: module.ActionsMenu })));

/**
 * A user's actions behind one compact button: three labelled buttons per row made the users table wider
 * than a 1280 px screen and cut them to "Ad / Re / De". The menu itself (a state machine per menu) is
 * made on the first click only, and its code (the menu's machine and its positioning, most of the back
 * office's code) loads then: 50 rows do not each carry one they may never open.
 */
export function UserActionsMenu({ user, onAction }: { user: AdminUserItem; onAction: (action: UserAction) => void }) {
  const [armed, setArmed] = useState(false);
  const button = <ActionsButton userName={user.name} aria-haspopup="menu" onClick={() => setArmed(true)} />;
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <ActionsMenu user={user} onAction={onAction} />
    </Suspense>
  );
}
