/** Query keys of the entities feature: the profile of an entity, per id. */
export const entityKeys = {
  all: ['entities'] as const,
  profile: (entityId: number) => ['entities', 'profile', entityId] as const,
};
