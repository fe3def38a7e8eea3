import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnauthenticated } from './api-client';

/**
 * Retry rule of the signed-in screens (product.md section 6): an authentication failure is never
 * retried (the user goes to /auth instead); any other failure is retried up to 3 times.
 */
export function retryUnlessUnauthenticated(failureCount: number, error: unknown): boolean {
  return !isUnauthenticated(error) && failureCount < 3;
}

/** Sends the user to /auth as soon as any of the given query errors says the session is gone. */
export function useRedirectOnUnauthenticated(...errors: unknown[]): void {
  const navigate = useNavigate();
  const unauthenticated = errors.some((error) => isUnauthenticated(error));
  useEffect(() => {
    if (unauthenticated) void navigate('/auth', { replace: true });
  }, [unauthenticated, navigate]);
}

/**
 * For mutation errors: when the session has expired, go to /auth and report true (the caller then
 * shows no failure toast); otherwise false.
 */
export function useLeaveIfSignedOut(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthenticated(error)) return false;
      void navigate('/auth', { replace: true });
      return true;
    },
    [navigate],
  );
}
