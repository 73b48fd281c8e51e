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
    if (policy !== 'restore') {
      window.scrollTo(0, 0);
      return undefined;
    }
    const saved = Number(tab.get(scrollKey(location.pathname)) ?? 0);
    const target = Number.isFinite(saved) ? saved : 0;
    window.scrollTo(0, target);
    return restoreWhenTallEnough(target);
  }, [location.key, location.pathname, policy]);

  useEffect(() => {
    if (policy !== 'restore') return;
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      // Only while this page is still shown: a scroll event that arrives after the navigation to
      // another page (its scroll to the top) but before this listener is removed must not overwrite it.
      frame = requestAnimationFrame(() => {
        if (window.location.pathname === location.pathname) tab.set(scrollKey(location.pathname), String(Math.round(window.scrollY)));
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [location.pathname, policy]);
}

/** Events of the user's own scrolling: after one, the page stays where the user put it. */
const userScrollEvents = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/**
 * The page may not yet be as tall as when it was left (its content still rendering, a lazy
 * part still loading): the browser then stops short of the saved position. Scroll there again
 * each time the page grows, until it is reached or the user scrolls; returns the clean-up.
 */
function restoreWhenTallEnough(target: number): (() => void) | undefined {
  const reached = () => Math.abs(window.scrollY - target) < 2;
  if (target <= 0 || reached() || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, target);
    if (reached()) stop();
  });
  const stop = () => {
    observer.disconnect();
    for (const name of userScrollEvents) window.removeEventListener(name, stop);
  };
  observer.observe(document.documentElement);
  observer.observe(document.body);
  for (const name of userScrollEvents) window.addEventListener(name, stop, { passive: true });
  return stop;
}
