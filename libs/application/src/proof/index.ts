export * from './proof.commands';
export * from './proof-commitments';
export * from './proof.handlers';
export * from './proof.module';
