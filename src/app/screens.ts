// The component for each screen, loaded with its route so the first route stays small.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenId } from './routes.ts';

export interface ScreenProps {
  screen: ScreenId;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const welcome = lazy(() => import('../views/welcome/Welcome.tsx'));
const home = lazy(() => import('../views/home/Home.tsx'));
const notFound = lazy(() => import('../views/not-found/NotFound.tsx'));
// Screens that later work fills in show their title until then.
const titleOnly = lazy(() => import('../views/title-only/TitleOnly.tsx'));

const built: Partial<Record<ScreenId, Screen>> = { welcome, home, notFound };

/** The component that renders a screen. */
export function screenComponent(screen: ScreenId): Screen {
  return built[screen] ?? titleOnly;
}
