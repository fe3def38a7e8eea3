import type { EntityClass } from '@mikro-orm/core';

/** Every MikroORM entity of the application; each capability adds its own here. */
export const allEntities: EntityClass<unknown>[] = [];
