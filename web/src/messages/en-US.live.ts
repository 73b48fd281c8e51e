/** The texts of the live canvas (presence, reconnecting, others' changes). Spread into `messages` in en-US.ts. */
export const liveMessages = {
  'live.reconnecting': 'Reconnecting…',
  'live.reconnectingLabel': 'Live updates paused: reconnecting',
  'live.peopleLabel': 'On this canvas now',
  'live.categoryPeopleLabel': 'Here now',
  'live.person': '{name}',
  'live.personAway': '{name} (away)',
  'live.isEditing': '{name} is editing this',
  'live.changedBy': 'Changed by {name}',
  'live.anotherAdvisor': 'another advisor',
} as const;
