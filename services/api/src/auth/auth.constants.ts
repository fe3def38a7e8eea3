/** Metadata key of the roles a route allows (unset: any signed-in user). */
export const ROLES_KEY = 'savings:roles';
