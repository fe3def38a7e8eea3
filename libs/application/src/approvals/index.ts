export * from './approvals.commands';
export * from './approvals.handlers';
export * from './approvals.module';
