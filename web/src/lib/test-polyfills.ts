import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder, which react-router needs at import time. Import this module first.
(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder;
(globalThis as { TextDecoder?: unknown }).TextDecoder ??= TextDecoder;
