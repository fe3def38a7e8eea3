export * from './shared/domain-error';
export * from './reference-code/reference-code';
