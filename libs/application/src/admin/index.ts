export * from './admin.commands';
export * from './admin.module';
export * from './admin.queries';
