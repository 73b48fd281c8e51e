import { connectionById, deleteConnection } from './connections';
import { broadcastPresence } from './revocation';
import { accepted, type SocketResult } from './socket-result';

/** `$disconnect`: the socket is forgotten and the others see them leave. */
export async function disconnectSocket(connectionId: string): Promise<SocketResult> {
  const connection = await connectionById(connectionId);
  // Closed by revocation, its item is gone already (and the others were told).
  if (connection && (await deleteConnection(connection.familyId, connectionId))) await broadcastPresence(connection.familyId);
  return accepted;
}
