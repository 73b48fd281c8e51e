import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isAuthenticatedAtom } from '../stores/session';

/**
 * A page whose read was refused goes to the not-found page, once (docs/product/errors.md).
 * Only while someone is signed in: a read that fails because this browser just signed out
 * (logout, session ended) is not news, and the logout's own navigation wins.
 */
export function useNotFoundOnRefusal(query: { isError: boolean; error: unknown }, goesToNotFound: boolean, notFoundPath: string, what: string): void {
  const navigate = useNavigate();
  const isAuthenticated = useAtomValue(isAuthenticatedAtom);
  useEffect(() => {
    if (!query.isError || !isAuthenticated) return;
    console.error(`The ${what} could not be loaded`, query.error);
    if (goesToNotFound) void navigate(notFoundPath, { replace: true });
  }, [query.isError, query.error, isAuthenticated, goesToNotFound, navigate, notFoundPath, what]);
}
