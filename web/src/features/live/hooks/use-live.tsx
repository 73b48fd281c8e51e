import { atom, useAtom, useAtomValue } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { anotherAdvisorId } from '../../../../../shared/another-advisor';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import {
  presenceMessagesPerSecond,
  type LiveCanvasChange,
  type LiveClientMessage,
  type PresenceMember,
  type PresenceState,
} from '../../../../../shared/contracts/live';
import { userIdAtom } from '../../../stores/session';
import { t } from '../../../messages/en-US';
import { LiveConnection, liveUrl, type LiveStatus } from '../lib/connection';

import { nameOf, peopleOf, withGracePeriod, type PersonPresent } from '../lib/presence';

/** Added to the server's waits: its clock and the trip here are not exact. */
const presenceMarginMs = 100;
/** A little more than the server's minimum gap between presence messages (shared/contracts/live.ts). */
const presenceGapMs = 1000 / presenceMessagesPerSecond + presenceMarginMs;

/** Hidden this long, a tab says it is away. */
export const awayAfterMs = 60_000;
/** A person who left is shown this long more (a reload or a drop is not a leave). */
export const leaveGraceMs = 15_000;
/** A change of someone else is highlighted this long. */
export const highlightMs = 6_000;

type Place = { sectionId: number | null; categoryId: number | null };
/** A section of the canvas, as `accessChanged` names it. */
export type LiveSection = { id: number; title: string };
type RecentChange = { authorName: string; at: number };

type LiveContextValue = {
  status: LiveStatus;
  /** The server closed the socket because the user's access to this canvas ended (`closed: accessRemoved`). */
  isAccessEnded: boolean;
  /** Sections the server said this user no longer sees (`accessChanged`) since the canvas was opened. */
  sectionsHidden: readonly LiveSection[];
  /** Everyone on the canvas but the user, once each. */
  people: readonly PersonPresent[];
  recentChanges: ReadonlyMap<string, RecentChange>;
  join: (familyId: number, place: Place) => () => void;
  setEditing: (itemId: string | null) => void;
};

const LiveContext = createContext<LiveContextValue | null>(null);
/** The sections `accessChanged` named, for the canvas they belong to: kept in the app's store, since each canvas page has its own provider. */
const sectionsHiddenAtom = atom<{ familyId: number; sections: readonly LiveSection[] } | null>(null);
const noSections: readonly LiveSection[] = [];

type LiveProviderProps = {
  /** A change event arrived (someone's, or one's own): update the cached data with the items it carries for this reader. */
  onChange: (event: HistoryEvent, canvas: LiveCanvasChange) => void;
  /**
   * The socket opened (the first time, or again after a drop): what was written while away,
   * or during the handshake (the server does not replay it), must be caught up on.
   */
  onResync: (resync: { familyId: number; isReconnect: boolean }) => void | Promise<readonly HistoryEvent[] | void>;
  /** The user's access changed while the socket stays open (`accessChanged`): the canvas is read again. */
  onAccessChanged?: (familyId: number) => void;
  /** The socket's session was ended (signed out from another device, a password change there): the app ends it here at once. */
  onSignedOut?: () => void;
  children: ReactNode;
  /** Tests pass a fake socket. */
  createSocket?: (url: string) => WebSocket;
};

/**
 * The live canvas (issue "live canvas"): one socket per open canvas page, its presence
 * list (with a grace period before a leave shows), the changes of others highlighted for
 * a moment, and what the user is editing told to the others. A page joins with `useLiveCanvas`.
 */
export function LiveProvider({ onChange, onResync, onAccessChanged, onSignedOut, children, createSocket }: LiveProviderProps) {
  const selfId = useAtomValue(userIdAtom);
  const [target, setTarget] = useState<{ familyId: number } & Place>();
  const [status, setStatus] = useState<LiveStatus>('stopped');
  const [endedFamilyId, setEndedFamilyId] = useState<number | null>(null);
  const [hidden, setHidden] = useAtom(sectionsHiddenAtom);
  const [members, setMembers] = useState<readonly PresenceMember[]>([]);
  const [people, setPeople] = useState<readonly PersonPresent[]>([]);
  const [recentChanges, setRecentChanges] = useState<ReadonlyMap<string, RecentChange>>(new Map());
  const connection = useRef<LiveConnection | null>(null);
  const presence = useRef<Omit<Extract<LiveClientMessage, { action: 'presence' }>, 'action'>>({
    sectionId: null,
    categoryId: null,
    editingItemId: null,
    state: 'active',
  });
  const departed = useRef(new Map<string, { person: PresenceMember; at: number }>());
  const handlers = useRef({ onChange, onResync, onAccessChanged, onSignedOut, selfId });
  handlers.current = { onChange, onResync, onAccessChanged, onSignedOut, selfId };

  // The server takes at most presenceMessagesPerSecond and drops the rest: space the sends
  // and always send the latest place once the gap has passed, so the last move is never lost.
  // The server measures the gap when it handles a message: one sent well spaced can still come
  // too soon after a late one. It then answers `presenceTooSoon` (onPresenceTooSoon below).
  const lastPresenceAt = useRef(0);
  const pendingPresence = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The presence this socket last sent (null: none yet, or the server did not take it): only a change goes (docs/product/live.md). */
  const sentPresence = useRef<string | null>(null);
  const sendPresence = useCallback(() => {
    const send = () => {
      const message = { action: 'presence', ...presence.current } as const;
      const said = JSON.stringify(message);
      // Back where the server last heard (a move and back within the gap): nothing to say.
      if (said === sentPresence.current) return;
      // Only a message that left counts for the gap (before the socket opens nothing leaves).
      if (connection.current?.send(message)) {
        lastPresenceAt.current = Date.now();
        sentPresence.current = said;
      }
    };
    const wait = lastPresenceAt.current + presenceGapMs - Date.now();
    if (wait <= 0) return send();
    if (pendingPresence.current !== null) return;
    pendingPresence.current = setTimeout(() => {
      pendingPresence.current = null;
      send();
    }, wait);
  }, []);
  /** The server did not take a presence message: the latest presence goes again once its gap has passed (and nothing sooner). */
  const onPresenceTooSoon = useCallback(
    (retryInMs: number) => {
      if (pendingPresence.current !== null) clearTimeout(pendingPresence.current);
      pendingPresence.current = null;
      sentPresence.current = null;
      lastPresenceAt.current = Date.now() + retryInMs + presenceMarginMs - presenceGapMs;
      sendPresence();
    },
    [sendPresence],
  );

  /** Changes of others are highlighted a moment, with who made them. */
  const highlight = useCallback((events: readonly HistoryEvent[]) => {
    const others = events.filter((event) => event.actor.userId !== handlers.current.selfId);
    if (others.length === 0) return;
    setRecentChanges((current) => {
      const next = new Map(current);
      for (const { actor, itemId } of others)
        next.set(itemId, { authorName: actor.userId === anotherAdvisorId ? t('live.anotherAdvisor') : nameOf(actor), at: Date.now() });
      return next;
    });
  }, []);

  const familyId = target?.familyId;
  useEffect(() => {
    if (familyId === undefined) return;
    const live = new LiveConnection(
      liveUrl(familyId),
      {
        onStatus: setStatus,
        onOpen: (isReconnect) => {
          // A new socket has no presence on the server yet, and gets the list in answer to its first.
          sentPresence.current = null;
          sendPresence();
          // Changes written while away (or during the handshake, which the server does not replay): no gap, no duplicate.
          // The changes it caught up on are highlighted like those that came live.
          void Promise.resolve(handlers.current.onResync({ familyId, isReconnect })).then((caughtUp) => caughtUp && highlight(caughtUp));
        },
        onMessage: (message) => {
          if (message.type === 'presence') setMembers(message.members);
          if (message.type === 'presenceTooSoon') onPresenceTooSoon(message.retryInMs);
          // The connection stops by itself (lib/connection.ts); the page is told at once.
          if (message.type === 'closed' && message.reason === 'accessRemoved') setEndedFamilyId(familyId);
          if (message.type === 'closed' && message.reason === 'signedOut') handlers.current.onSignedOut?.();
          if (message.type === 'accessChanged') {
            // Kept for the canvas's time on screen: the pages name these sections where they are gone (a widened share brings one back by itself).
            setHidden((current) => {
              const known = current?.familyId === familyId ? current.sections : [];
              const added = message.sectionsHidden.filter((section) => !known.some((kept) => kept.id === section.id));
              return { familyId, sections: [...known, ...added] };
            });
            handlers.current.onAccessChanged?.(familyId);
          }
          if (message.type === 'change') {
            handlers.current.onChange(message.event, message.canvas);
            highlight([message.event]);
          }
        },
      },
      { createSocket },
    );
    connection.current = live;
    live.start();
    return () => {
      live.stop();
      connection.current = null;
      setMembers([]);
    };
  }, [familyId, createSocket, sendPresence, onPresenceTooSoon, highlight, setHidden]);

  // Where the user is (section, category) follows the page.
  const sectionId = target?.sectionId ?? null;
  const categoryId = target?.categoryId ?? null;
  useEffect(() => {
    presence.current = { ...presence.current, sectionId, categoryId };
    sendPresence();
  }, [sectionId, categoryId, sendPresence]);

  // A hidden tab says so after a minute; coming back says so at once (no flapping on a quick switch).
  useEffect(() => {
    let awayTimer: ReturnType<typeof setTimeout> | undefined;
    const setState = (state: PresenceState) => {
      if (presence.current.state === state) return;
      presence.current = { ...presence.current, state };
      sendPresence();
    };
    const onVisibility = () => {
      clearTimeout(awayTimer);
      if (document.visibilityState === 'hidden') awayTimer = setTimeout(() => setState('away'), awayAfterMs);
      else {
        setState('active');
        // A heartbeat: a tab in the background may have lost its socket without noticing.
        connection.current?.send({ action: 'ping' });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(awayTimer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [sendPresence]);

  // The list shown: others only, once each, leaves after the grace period.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const others = peopleOf(members.filter((member) => member.userId !== selfId));
    setPeople((previous) => withGracePeriod(others, previous, departed.current, Date.now(), leaveGraceMs));
  }, [members, selfId, tick]);
  const hasLeaving = people.some((person) => person.isLeaving);
  useEffect(() => {
    if (!hasLeaving) return;
    const timer = setTimeout(() => setTick((value) => value + 1), 1_000);
    return () => clearTimeout(timer);
  }, [hasLeaving, tick]);

  // Highlights fade.
  useEffect(() => {
    if (recentChanges.size === 0) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setRecentChanges((current) => new Map([...current].filter(([, change]) => now - change.at < highlightMs)));
    }, highlightMs);
    return () => clearTimeout(timer);
  }, [recentChanges]);

  const join = useCallback((joinedFamilyId: number, place: Place) => {
    setTarget((current) =>
      current?.familyId === joinedFamilyId && current.sectionId === place.sectionId && current.categoryId === place.categoryId
        ? current
        : { familyId: joinedFamilyId, ...place },
    );
    return () => setTarget(undefined);
  }, []);

  const setEditing = useCallback(
    (itemId: string | null) => {
      if (presence.current.editingItemId === itemId) return;
      presence.current = { ...presence.current, editingItemId: itemId };
      sendPresence();
    },
    [sendPresence],
  );

  const isAccessEnded = familyId !== undefined && endedFamilyId === familyId;
  const sectionsHidden = useMemo(() => (familyId !== undefined && hidden?.familyId === familyId ? hidden.sections : noSections), [familyId, hidden]);
  const value = useMemo(
    () => ({ status, isAccessEnded, sectionsHidden, people, recentChanges, join, setEditing }),
    [status, isAccessEnded, sectionsHidden, people, recentChanges, join, setEditing],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveContextValue | null {
  return useContext(LiveContext);
}

/** A canvas page follows its canvas live while it is shown. */
export function useLiveCanvas(familyId: number, place: Place) {
  const live = useLive();
  const join = live?.join;
  useEffect(() => join?.(familyId, place), [join, familyId, place.sectionId, place.categoryId]); // eslint-disable-line react-hooks/exhaustive-deps
  return live;
}

/** While an item's form is open, the others see who is editing it. */
export function useReportEditing(itemId: string | null) {
  const setEditing = useLive()?.setEditing;
  useEffect(() => {
    if (!setEditing || itemId === null) return;
    setEditing(itemId);
    return () => setEditing(null);
  }, [setEditing, itemId]);
}
