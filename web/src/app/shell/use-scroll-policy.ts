import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { tab } from '../../stores/browser-storage';
import { scrollPolicyFor } from '../guards';
import type { RouteName } from '../paths';

const scrollKey = (pathname: string) => `fc.scroll:${pathname}`;

/**
 * Guards rule 9: every navigation starts at the top, except the canvas, which returns
 * to the position it was left at (saved per canvas path in this tab).
 */
export function useScrollPolicy(routeName: RouteName | undefined): void {
  const location = useLocation();
  const policy = scrollPolicyFor(routeName);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    if (policy === 'restore') {
      const saved = Number(tab.get(scrollKey(location.pathname)) ?? 0);
      window.scrollTo(0, Number.isFinite(saved) ? saved : 0);
    } else {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.pathname, policy]);

  useEffect(() => {
    if (policy !== 'restore') return;
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => tab.set(scrollKey(location.pathname), String(Math.round(window.scrollY))));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [location.pathname, policy]);
}
