import { useBreakpointValue } from '@chakra-ui/react';

/**
 * Whether the screen is wide enough for tables (md, 768 px and up); phones get cards instead. Read at
 * once on the first render (no server render to agree with on these screens).
 */
export function useWideScreen(): boolean {
  return useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? true;
}
