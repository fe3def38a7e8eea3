/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. react-i18next
 * imports the shim (for React 17); vite.config.ts points it here, without the fallback's code.
 */
export { useSyncExternalStore } from 'react';
