export * from './amount';
export * from './api-types';
export * from './banking';
export * from './constants';
export * from './messages';
export * from './money-format';
export * from './routes';
export * from './content/technical-overview';
