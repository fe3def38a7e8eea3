export * from './account-mails';
export * from './interest-summary';
export * from './mail-delivery';
export * from './mail-outbox';
export * from './mail-relay';
export * from './mail-templates';
export * from './mail.module';
export * from './approval-mails';
