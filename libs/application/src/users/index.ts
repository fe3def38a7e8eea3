export * from './password-hasher';
export * from './session-keys';
export * from './user-identity';
export * from './user-read-model';
export * from './user.commands';
export * from './user.queries';
export * from './users.module';
export * from './two-factor';
