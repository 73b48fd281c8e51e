import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { NoteResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';

/** The note the current organisation keeps about an entity, per current entity. */
const noteKey = (entityId: number | null, aboutId: number) => ['notes', entityId, aboutId] as const;

/** GET /api/entities/notes/{entityId}: id and note are null while there is none. */
export function getNote(aboutId: number): Promise<NoteResponse> {
  return call('getNote', { params: { entityId: aboutId } });
}

export function useNote(aboutId: number) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: noteKey(entityId, aboutId), queryFn: () => getNote(aboutId), staleTime: 0 });
}

/** POST /api/entities/notes/{entityId} {note}: the first note (one exists → 9). */
export function createNote(aboutId: number, note: string): Promise<NoteResponse> {
  return call('createNote', { params: { entityId: aboutId }, body: { note } });
}

/** PATCH /api/entities/notes/{entityId} {note}: replaces the note (none yet → 4). */
export function updateNote(aboutId: number, note: string): Promise<NoteResponse> {
  return call('updateNote', { params: { entityId: aboutId }, body: { note } });
}

/** Puts a saved note into the cache (the answer of POST or PATCH is the note as stored). */
export function useStoreNote() {
  const queryClient = useQueryClient();
  const entityId = useAtomValue(currentEntityIdAtom);
  return useCallback((aboutId: number, note: NoteResponse) => queryClient.setQueryData(noteKey(entityId, aboutId), note), [queryClient, entityId]);
}
