import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError, toastSuccess } from '../../../components/toaster';
import { forgetSession, useCurrentUser, useLogout } from '../../../lib/session';
import type { PublicUser } from '@savings/contracts';

/** What the header shows of the session: who is signed in (undefined while unknown) and how to leave. */
export interface HeaderSession {
  user: PublicUser | null | undefined;
  signOut: () => void;
  signingOut: boolean;
}

/**
 * The header's session, loaded with the query machinery after the first page: it follows the signed-in
 * user and tells the header (onChange), which renders nothing of its own until then.
 */
export function HeaderSessionWatcher({ onChange }: { onChange: (session: HeaderSession) => void }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const { mutate: logout, isPending } = useLogout();
  const queryClient = useQueryClient();

  // Home first, then sign out: a signed-in screen still mounted would get 401s and redirect to /auth.
  const [leaving, setLeaving] = useState(false);
  const signOut = useCallback(async () => {
    setLeaving(true);
    await navigate('/');
    setLeaving(false);
    logout(undefined, {
      onSuccess: () => {
        forgetSession(queryClient);
        toastSuccess('Logged out successfully', 'You have been signed out of your account.');
      },
      onError: (error) => toastError('Logout failed', error.message),
    });
  }, [navigate, logout, queryClient]);
  const signingOut = leaving || isPending;

  useEffect(() => {
    onChange({ user, signOut: () => void signOut(), signingOut });
  }, [onChange, user, signOut, signingOut]);
  return null;
}
