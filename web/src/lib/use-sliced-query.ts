import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A query's result whose new data renders as a transition: React draws the screen that shows it in
 * slices, yielding to the browser between them, instead of in one long task when the answer arrives (a
 * data screen's whole content at once: total blocking time on a slow phone, as an answer's update is
 * otherwise always rendered synchronously). Until that render is done the previous data stays on screen,
 * or, for a first answer, the loading state.
 */
export function useSlicedQuery<TData, TError>(result: UseQueryResult<TData, TError>): UseQueryResult<TData, TError> {
  const data = useDeferredValue(result.data);
  if (data === result.data) return result;
  if (data !== undefined) return { ...result, data } as UseQueryResult<TData, TError>;
  return {
    ...result,
    data: undefined,
    error: null,
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
    status: 'pending',
  } as UseQueryResult<TData, TError>;
}
