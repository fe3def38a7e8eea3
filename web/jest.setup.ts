import '@testing-library/jest-dom';

// jsdom lacks a few browser APIs Chakra UI uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
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
