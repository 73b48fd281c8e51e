/** The texts of saves made offline and of saves whose answer was lost (docs/product/canvas.md#offline). Spread into `areaMessages` in en-US.areas.ts. */
export const offlineMessages = {
  'offline.pending': 'Waiting for the connection: this is saved when you’re back online. Your text stays here.',
  'offline.saveError.offline': 'You are offline: this was not sent. Your text is still here; try again when you’re back.',
  'offline.saveError.unsure': 'Not sure this was saved: the connection dropped while sending. Your text is still here; check the canvas and retry.',
  'offline.voteError.offline': 'You are offline: the vote was not sent. Try again when you’re back.',
  'offline.voteError.unsure': 'Not sure the vote was saved: the connection dropped. Check the count and retry.',
} as const;
