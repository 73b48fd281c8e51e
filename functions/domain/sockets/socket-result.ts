/** What a socket route answers API Gateway (the handshake's status; a refusal's body is the error shape). */
export type SocketResult = { statusCode: number; body?: string };

export const accepted: SocketResult = { statusCode: 200 };

export const refused = (statusCode: 400 | 401 | 403 | 429, errorCode: number, message: string): SocketResult => ({
  statusCode,
  body: JSON.stringify({ errorCode, errors: {}, message }),
});
