import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Toasts for every screen. The toast machinery (about 9 KB gzipped) is not in the first download: it
 * loads with the first toast, which is then shown as soon as the region is mounted.
 */
type RegionModule = typeof import('./toast-region');
let region: RegionModule | null = null;
const loadRegion = () =>
  import('./toast-region').then((module) => {
    region = module;
    return module;
  });
const ToastRegion = lazy(() => loadRegion().then((module) => ({ default: module.ToastRegion })));

let requested = false;
const listeners = new Set<() => void>();

export function Toaster() {
  const [active, setActive] = useState(requested);
  useEffect(() => {
    const activate = () => setActive(true);
    listeners.add(activate);
    if (requested) activate();
    return () => {
      listeners.delete(activate);
    };
  }, []);
  return active ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}

type ToastType = 'success' | 'error' | 'info';

export function showToast(type: ToastType, title: string, description?: string): void {
  requested = true;
  listeners.forEach((activate) => activate());
  void loadRegion().then(({ toaster }) => {
    // a new toast replaces the one on screen at once (product.md section 4): never a queue of stale
    // ones each waiting its 5 s
    toaster.remove();
    toaster.create({ type, title, description });
  });
}

export function toastSuccess(title: string, description?: string): void {
  showToast('success', title, description);
}

export function toastError(title: string, description?: string): void {
  showToast('error', title, description);
}

/** Dismisses every toast at once (tests clear it between cases: it is a module singleton). */
export const toaster = {
  remove(): void {
    region?.toaster.remove();
  },
};
