export * from './recovery-codes';
export * from './secret-box';
export * from './totp';
export * from './two-factor.commands';
export * from './two-factor.handlers';
