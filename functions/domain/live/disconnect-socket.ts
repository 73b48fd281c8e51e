import { connectionById, deleteConnection } from '../../records/connections';
import { broadcastPresence } from '../sockets/revocation';
import { accepted, type SocketResult } from '../sockets/socket-result';

/** `$disconnect`: the socket is forgotten and the others see them leave. */
export async function disconnectSocket(connectionId: string): Promise<SocketResult> {
  const connection = await connectionById(connectionId);
  // Closed by revocation, its item is gone already (and the others were told).
  if (connection && (await deleteConnection(connection.familyId, connectionId))) await broadcastPresence(connection.familyId);
  return accepted;
}
