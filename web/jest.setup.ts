import '@testing-library/jest-dom';

/**
 * Width queries answered for jsdom's window (1024 px wide unless a test sets innerWidth), as a browser
 * would: the screens that show tables on wide screens and cards on phones read them.
 */
function widthQueryMatches(query: string): boolean {
  const px = (value: string, unit: string) => Number(value) * (unit === 'rem' || unit === 'em' ? 16 : 1);
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value, unit]) =>
    kind === 'min' ? window.innerWidth >= px(value, unit) : window.innerWidth <= px(value, unit),
  );
}

// jsdom lacks a few browser APIs Chakra UI uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: widthQueryMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub;
(globalThis as { structuredClone?: unknown }).structuredClone ??= (value: unknown) => JSON.parse(JSON.stringify(value));
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;
